import { z } from 'zod';
import type { AgeCheckOutcome } from '../../../core/rules/age-assurance';
import type { Tenant } from '../../../core/schemas/tenant';
import { ApiFailure } from '../../errors';
import type { AgeAssuranceProvider, AgeNotification, AgeResult, AgeSession, AgeSessionRequest } from '../provider-types';
import { verifyYotiSignature, YOTI_NOTIFICATION_PUBLIC_KEY } from './signature';

/**
 * Yoti's Age Verification API (issue 45 item 2), as Yoti publishes it (docs/api/age-assurance.md, "Yoti"):
 * POST {base}/api/v1/sessions with `Authorization: Bearer <API key>` and `Yoti-SDK-Id: <SDK ID>` creates a session
 * (its answer `{ id, status, expires_at }`); the member goes to `{base}?sessionId=<id>&sdkId=<SDK ID>`; Yoti sends
 * the browser to callback.url (or cancel_url) and posts one signed notification per attempt to notification_url;
 * GET {base}/api/v1/sessions/<id>/result is the result the brand records (signature.ts checks the notification).
 */
export type YotiSettings = NonNullable<Tenant['age_assurance']>;

/** How long a session stays open (seconds): Yoti's minimum is 60, its quick start suggests 600; a document takes longer. */
export const YOTI_SESSION_TTL = 900;
const TIMEOUT_MS = 10_000;

const CreatedSchema = z.object({ id: z.string().min(1).max(100) });

/** The fields of GET .../result the brand reads; Yoti's answer carries more (the session's configuration). */
const ResultSchema = z.object({
  status: z.string(),
  method: z.string().nullish(),
  reference_id: z.string().nullish(),
});

/** The notification's fields (Yoti's notifications page); the rest is signed but not needed. */
const NotificationSchema = z.object({
  session_key: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
  timestamp: z.number().int().positive(),
  sequence_number: z.number().int().min(1).max(1000),
  signature: z.string(),
});

/**
 * Yoti's session status as the brand's outcome. COMPLETE (the member is over the threshold), FAIL (not over it) and
 * ERROR (no age could be told: face not recognised, document not processed) are the states Yoti documents; Yoti
 * says more may come and asks for a default: anything else is "not finished" (null) and records nothing. Yoti
 * documents no cancelled state for the result; a member who gives up comes back by cancel_url with the check open.
 */
export function outcomeOf(status: string): AgeCheckOutcome | null {
  switch (status.toUpperCase()) {
    case 'COMPLETE':
      return 'pass';
    case 'FAIL':
      return 'fail';
    case 'ERROR':
      return 'inconclusive';
    default:
      return null;
  }
}

export class YotiAgeProvider implements AgeAssuranceProvider {
  readonly name = 'yoti';
  private readonly base: string;
  constructor(
    private readonly settings: YotiSettings,
    private readonly apiKey: string,
    // A wrapper, not `fetch` itself: workerd refuses fetch called as a method of another object.
    private readonly http: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.base = settings.api_base.replace(/\/+$/, '');
  }

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.apiKey}`, 'Content-Type': 'application/json', 'Yoti-SDK-Id': this.settings.sdk_id };
  }

  /** The create-session body: type OVER, facial age estimation (with the buffer) or a document, both with liveness. */
  sessionBody(r: AgeSessionRequest) {
    return {
      type: 'OVER',
      ttl: YOTI_SESSION_TTL,
      reference_id: r.reference,
      age_estimation: { allowed: true, threshold: r.threshold + this.settings.estimation_buffer, level: 'PASSIVE' },
      doc_scan: { allowed: true, threshold: r.threshold, authenticity: 'AUTO', level: 'PASSIVE' },
      // Hold the member in Yoti's flow until a document's result is ready, so the return reads a result (Yoti's results page).
      synchronous_checks: true,
      callback: { auto: false, url: r.callbackUrl },
      cancel_url: r.cancelUrl,
      notification_url: r.notificationUrl,
    };
  }

  async createSession(r: AgeSessionRequest): Promise<AgeSession> {
    const res = await this.http(`${this.base}/api/v1/sessions`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(this.sessionBody(r)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const created = res.ok ? CreatedSchema.safeParse(await res.json().catch(() => null)) : null;
    if (!created?.success) {
      console.error(`yoti: create session answered ${res.status}`);
      throw new ApiFailure(503, 'age_check_unavailable', 'errors.age_check_unavailable');
    }
    const query = new URLSearchParams({ sessionId: created.data.id, sdkId: this.settings.sdk_id });
    return { sessionId: created.data.id, url: `${this.base}?${query}` };
  }

  /** The signature travels in the JSON body, not a header (`_header` is the sandbox's; unused here). */
  async verifyNotification(rawBody: string, _header: string | undefined): Promise<AgeNotification | null> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return null;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const key = this.settings.notification_public_key ?? YOTI_NOTIFICATION_PUBLIC_KEY;
    if (!(await verifyYotiSignature(key, parsed as Record<string, unknown>))) return null;
    const n = NotificationSchema.safeParse(parsed);
    if (!n.success) return null;
    return {
      sessionId: n.data.session_key,
      notificationId: n.data.id,
      sentAt: new Date(n.data.timestamp * 1000).toISOString(),
      sequence: n.data.sequence_number,
    };
  }

  async result(sessionId: string): Promise<AgeResult | null> {
    const res = await this.http(`${this.base}/api/v1/sessions/${encodeURIComponent(sessionId)}/result`, {
      headers: this.headers(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 404) return null;
    // Anything else unexpected fails the call (500): Yoti retries a notification that is not answered 200.
    if (!res.ok) throw new Error(`yoti: result of ${sessionId} answered ${res.status}`);
    const r = ResultSchema.safeParse(await res.json());
    if (!r.success) throw new Error(`yoti: result of ${sessionId} not understood`);
    const outcome = outcomeOf(r.data.status);
    return {
      sessionId,
      reference: r.data.reference_id ?? '',
      outcome,
      method: outcome && r.data.method ? r.data.method.toLowerCase() : null,
    };
  }
}

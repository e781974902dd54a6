import { AgeNotificationSchema } from '../../core/schemas/age';
import type { AgeCheckOutcome } from '../../core/rules/age-assurance';
import type { Tenant } from '../../core/schemas/tenant';
import type { Tables } from '../db/tables';
import type { AgeAssuranceProvider, AgeNotification, AgeResult, AgeSession, AgeSessionRequest } from './provider-types';
import { signBody, verifyBody } from './signature';

/**
 * The local age-assurance sandbox (local mode and tests only: worker/age/provider.ts never builds it in production).
 * It plays the provider: keeps its sessions in D1 as a provider keeps them, serves the hosted page
 * (sandbox-page.ts), signs its notifications with the brand's sandbox key, and answers the result call from its
 * own records, so the brand's real callback path (age-routes.ts) runs unchanged.
 */
export type SandboxSession = Tables['age_sandbox_sessions'];

/** A brand's sandbox key: fixed per brand, so a test can sign as the brand, or as another brand. */
export const ageSandboxKey = (tenantId: string) => `age-sandbox-key-${tenantId}`;

export const AGE_SANDBOX_PAGE = '/api/age-sandbox.php';

export class AgeSandbox implements AgeAssuranceProvider {
  readonly name = 'sandbox';
  readonly key: string;
  constructor(
    private readonly db: D1Database,
    readonly tenant: Tenant,
  ) {
    this.key = ageSandboxKey(tenant.id);
  }

  async createSession(r: AgeSessionRequest): Promise<AgeSession> {
    const sessionId = crypto.randomUUID();
    await this.db
      .prepare(
        `INSERT INTO age_sandbox_sessions (session_id, tenant_id, reference, threshold, callback_url, cancel_url, notification_url, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(sessionId, this.tenant.id, r.reference, r.threshold, r.callbackUrl, r.cancelUrl, r.notificationUrl, new Date().toISOString())
      .run();
    const query = new URLSearchParams({ sessionId, sdkId: this.tenant.id });
    return { sessionId, url: `${AGE_SANDBOX_PAGE}?${query}` };
  }

  session(sessionId: string): Promise<SandboxSession | null> {
    return this.db
      .prepare('SELECT * FROM age_sandbox_sessions WHERE tenant_id = ? AND session_id = ?')
      .bind(this.tenant.id, sessionId)
      .first<SandboxSession>();
  }

  /** The tester's outcome, once per session: true only for the call that set it (a second click changes nothing). */
  async complete(sessionId: string, outcome: AgeCheckOutcome, method: string | null): Promise<boolean> {
    const done = await this.db
      .prepare(
        'UPDATE age_sandbox_sessions SET outcome = ?, method = ?, completed_at = ? WHERE tenant_id = ? AND session_id = ? AND outcome IS NULL',
      )
      .bind(outcome, outcome === 'cancelled' ? null : method, new Date().toISOString(), this.tenant.id, sessionId)
      .run();
    return done.meta.changes > 0;
  }

  /** The notification the provider posts for a finished session: its body and signature. */
  async notification(sessionId: string, sentAt = new Date()): Promise<{ body: string; signature: string }> {
    const body = JSON.stringify({
      session_id: sessionId,
      notification_id: crypto.randomUUID(),
      topic: 'session_completed',
      sent_at: sentAt.toISOString(),
    });
    return { body, signature: await signBody(this.key, body) };
  }

  async verifyNotification(rawBody: string, signature: string | undefined): Promise<AgeNotification | null> {
    if (!(await verifyBody(this.key, rawBody, signature))) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const n = AgeNotificationSchema.safeParse(parsed);
    return n.success ? { sessionId: n.data.session_id, notificationId: n.data.notification_id, sentAt: n.data.sent_at } : null;
  }

  async result(sessionId: string): Promise<AgeResult | null> {
    const s = await this.session(sessionId);
    if (!s) return null;
    return { sessionId, reference: s.reference, outcome: (s.outcome as AgeCheckOutcome | null) ?? null, method: s.method };
  }
}

import type { AgeCheckOutcome } from '../../core/rules/age-assurance';

/**
 * An age-assurance provider (issue 45 item 2), shaped after the published integrations of Yoti's Age Verification
 * API and Verifymy (docs/api/age-assurance.md): the brand creates a session (a reference, the age threshold, where
 * the member returns and where the provider notifies) and sends the member to the provider's hosted page; the member
 * does the check there (facial age estimation, or document plus selfie...); the provider sends the member back and
 * posts a signed notification that names the session; the brand then fetches the session's result from the provider
 * server-side and trusts only that. What comes back is untrusted until the signature and the result say otherwise.
 */
export interface AgeAssuranceProvider {
  /** Stored with every check (age_checks.provider). */
  readonly name: string;
  createSession(request: AgeSessionRequest): Promise<AgeSession>;
  /** The notification's fields when its signature is the provider's for this brand; null when it is not (forged). */
  verifyNotification(rawBody: string, signature: string | undefined): Promise<AgeNotification | null>;
  /** The session's result as the provider keeps it (Yoti: GET /api/v1/sessions/{id}/result); null when unknown. */
  result(sessionId: string): Promise<AgeResult | null>;
}

export interface AgeSessionRequest {
  /** The brand's own reference (Yoti reference_id): `<tenant>:<member id>`; checked again on the result. */
  reference: string;
  /** "Over" this age passes. */
  threshold: number;
  /** Where the member's browser returns after the check (Yoti callback.url). */
  callbackUrl: string;
  /** Where it returns when the member gives up (Yoti cancel_url). */
  cancelUrl: string;
  /** Where the provider posts its signed notification (Yoti notification_url). */
  notificationUrl: string;
}

export interface AgeSession {
  sessionId: string;
  /** The provider's hosted page for this session. */
  url: string;
}

export interface AgeNotification {
  sessionId: string;
  notificationId: string;
  /** When the provider sent it (ISO): an old one is a replay. */
  sentAt: string;
  /**
   * The attempt it reports, for a provider that notifies once per attempt of a session (Yoti's sequence_number,
   * from 1): a later attempt's notification is taken, the same or an earlier one again is a replay. Unset: the
   * provider notifies once per session.
   */
  sequence?: number;
}

export interface AgeResult {
  sessionId: string;
  reference: string;
  /** null while the member has not finished. */
  outcome: AgeCheckOutcome | null;
  /** The method the member used (age_estimation, doc_scan...); never the image, document or estimated age. */
  method: string | null;
}

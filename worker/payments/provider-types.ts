import type { ProviderName } from '../../core/schemas/payments';

/**
 * What the shop needs from a payment service. Two shapes exist (docs/decisions/013-adult-acquirers.md):
 * - The sandbox checkout's (the shape of Mollie's API, whose adapter is gone: decision 013): a webhook carries only
 *   an id, so `get` is the one source of truth about a payment: the order's state follows what `get` answers, never
 *   what a caller claims.
 * - The adult acquirers' (Verotel FlexPay, CCBill, Segpay): a postback carries the data (the sale, a refund, a
 *   chargeback), signed with the shop's key. Such a provider also has `postbacks`: an event is trusted only after its
 *   signature verified, and a sale is then still checked with `get`, which asks the provider's status API.
 * Both end in the same order state machine (settle.ts), idempotent per order and ledger reference.
 */
export type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface ProviderMandate {
  customerId: string | null;
  mandateId: string;
  method: string;
  label: string;
  valid: boolean;
}

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** Cents; null while the provider cannot say (a Verotel sale not made yet): such a payment never moves an order to paid. */
  amount: number | null;
  currency: string | null;
  metadata: { tenant?: string; order_id?: number };
  /** The mandate a first or recurring payment made or used, once the provider knows it. */
  mandate: ProviderMandate | null;
  /** Where the payer can still pay it (the same checkout again), while it is open; else null. */
  checkoutUrl: string | null;
  /** A failed payment's decline: 'soft' (the issuer may take the card elsewhere: the route may cascade) or 'hard'. */
  decline?: 'soft' | 'hard';
  /** The card's fingerprint where the provider gives one: later purchase attempts on it are counted (velocity.ts). */
  cardFingerprint?: string | null;
}

export interface CreatePayment {
  amount: number;
  currency: string;
  description: string;
  method: string;
  issuer?: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: { tenant: string; order_id: number };
  /** 'first' asks the provider for a mandate; 'recurring' charges one without a checkout. */
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string | null;
  mandateId?: string;
  customer?: { name: string; email: string };
}

export interface DirectDebitMandateRequest {
  holder: string;
  iban: string;
  customer: { name: string; email: string };
  customerId?: string | null;
  /** The mandate text the member confirmed (issue 44 item 10): its reference, the date it promised, who signed, when. */
  signed?: { reference: string; debitDate: string; memberId: number; at: string };
}

export interface RefundRequest {
  paymentId: string;
  /** Cents. */
  amount: number;
  currency: string;
  description: string;
  /** The same key never refunds twice (two settles at once, a retry): the provider's idempotency key. */
  idempotencyKey: string;
}

/** What a verified postback says happened. Amounts in cents, as the order keeps them; null when the postback had none. */
export type PostbackEvent =
  | { kind: 'sale' | 'refund' | 'chargeback'; paymentId: string; amount: number | null; currency: string | null; transactionId: string }
  /** An event this engine does not act on (a subscription's rebill, say): logged and acknowledged. */
  | { kind: 'other'; name: string; paymentId: string; transactionId: string };

/** A provider whose postbacks carry the data: how its postbacks are verified and what it expects as the answer. */
export interface SignedPostbacks {
  /** The event, or null when the signature does not verify with this brand's key (forged, or another brand's). */
  verify(params: URLSearchParams): Promise<PostbackEvent | null>;
  /** The body the provider expects for a postback it may stop sending (handled, or already handled before). */
  readonly accepted: string;
  /** The body for a refused postback (the provider retries it, or for a sale, pays it back by itself). */
  refused(reason: string): string;
}

export type { ProviderName };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Present for a provider whose postbacks carry signed data (Verotel, CCBill); absent for the sandbox checkout's "something changed". */
  readonly postbacks?: SignedPostbacks;
  /** Creates the payment; `checkoutUrl` is null when no checkout is needed (a recurring charge). */
  create(request: CreatePayment): Promise<{ id: string; checkoutUrl: string | null }>;
  /** The payment as the provider knows it, or null when the provider has no such payment. */
  get(id: string): Promise<ProviderPayment | null>;
  /** A SEPA direct-debit mandate from the form of SPEC.md §3 (after the SMS code confirmed it). */
  createDirectDebitMandate(request: DirectDebitMandateRequest): Promise<ProviderMandate>;
  /** Pays (part of) a paid payment back to the member. */
  refund(request: RefundRequest): Promise<{ id: string }>;
  /** Cancels an open payment, so its checkout no longer takes money; a payment past cancelling is left as it is. */
  cancel(id: string): Promise<void>;
}

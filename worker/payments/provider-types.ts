/**
 * What the shop needs from a payment service. Webhooks only carry an id, so `get` is the one source of truth about
 * a payment: the order's state follows what `get` answers, never what a caller claims.
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
  /** Cents. */
  amount: number;
  currency: string;
  metadata: { tenant?: string; order_id?: number };
  /** The mandate a first or recurring payment made or used, once the provider knows it. */
  mandate: ProviderMandate | null;
  /** Where the payer can still pay it (the same checkout again), while it is open; else null. */
  checkoutUrl: string | null;
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

export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie';
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

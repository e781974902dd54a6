import { maskIban } from '../../core/rules/iban';
import { ProviderError } from './provider-error';
import type {
  CreatePayment,
  DirectDebitMandateRequest,
  PaymentProvider,
  ProviderMandate,
  ProviderPayment,
  ProviderStatus,
  RefundRequest,
} from './provider-types';
import type { Tables } from '../db/tables';

/**
 * The sandbox payment service of local mode and the tests. It keeps its payments in D1 (sandbox_* tables) as a
 * real provider keeps them on its side; its checkout page (sandbox-checkout.ts) lets a person play the payment
 * service and then calls the webhook with the payment's id, exactly like a real service would.
 */
type PaymentRow = Pick<Tables['sandbox_payments'], 'id' | 'amount' | 'currency' | 'status' | 'metadata' | 'mandate_id' | 'redirect_url'> & {
  status: ProviderStatus;
};
type MandateRow = Pick<Tables['sandbox_mandates'], 'id' | 'method' | 'label' | 'decline'>;

/**
 * How long a sandbox payment stays open or pending before it expires by itself, as a real service's do (a hosted
 * iDEAL payment typically expires after 15 minutes). Kept on the sandbox's own clock, like a real provider's.
 */
export const SANDBOX_TIMEOUT_MS = 15 * 60_000;

const randomId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(
    private readonly db: D1Database,
    private readonly tenantId: string,
  ) {}

  async create(request: CreatePayment): Promise<{ id: string; checkoutUrl: string | null }> {
    const id = randomId('sbx');
    let status: ProviderStatus = 'open';
    if (request.sequenceType === 'recurring') {
      // A charge on a stored mandate needs no checkout: the "bank" decides at once, as a card on file does.
      const mandate = request.mandateId ? await this.mandate(request.mandateId) : null;
      status = mandate && !mandate.decline ? 'paid' : 'failed';
    }
    await this.db
      .prepare(
        `INSERT INTO sandbox_payments (id, tenant_id, amount, currency, description, method, issuer, status, sequence_type, mandate_id, metadata, redirect_url, webhook_url, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        this.tenantId,
        request.amount,
        request.currency,
        request.description,
        request.method,
        request.issuer ?? null,
        status,
        request.sequenceType,
        request.mandateId ?? null,
        JSON.stringify(request.metadata),
        request.redirectUrl,
        request.webhookUrl,
        new Date().toISOString(),
      )
      .run();
    const checkoutUrl = status === 'open' ? new URL(`/api/sandbox-checkout.php?id=${id}`, request.redirectUrl).href : null;
    return { id, checkoutUrl };
  }

  async get(id: string): Promise<ProviderPayment | null> {
    // An open payment past the timeout has expired: one conditional update, as the service would on its side.
    const expired = new Date(Date.now() - SANDBOX_TIMEOUT_MS).toISOString();
    await this.db
      .prepare(
        "UPDATE sandbox_payments SET status = 'expired' WHERE id = ? AND tenant_id = ? AND status IN ('open', 'pending') AND created_at <= ?",
      )
      .bind(id, this.tenantId, expired)
      .run();
    const row = await this.db
      .prepare(
        'SELECT id, amount, currency, status, metadata, mandate_id, redirect_url FROM sandbox_payments WHERE id = ? AND tenant_id = ?',
      )
      .bind(id, this.tenantId)
      .first<PaymentRow>();
    if (!row) return null;
    const mandate = row.mandate_id ? await this.mandate(row.mandate_id) : null;
    return {
      id: row.id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      metadata: JSON.parse(row.metadata) as ProviderPayment['metadata'],
      mandate: mandate && { customerId: null, mandateId: mandate.id, method: mandate.method, label: mandate.label, valid: true },
      checkoutUrl:
        row.status === 'open' || row.status === 'pending' ? new URL(`/api/sandbox-checkout.php?id=${row.id}`, row.redirect_url).href : null,
    };
  }

  async cancel(id: string): Promise<void> {
    await this.db
      .prepare("UPDATE sandbox_payments SET status = 'canceled' WHERE id = ? AND tenant_id = ? AND status IN ('open', 'pending')")
      .bind(id, this.tenantId)
      .run();
  }

  async createDirectDebitMandate(request: DirectDebitMandateRequest): Promise<ProviderMandate> {
    const id = await this.addMandate('directdebit', maskIban(request.iban), false);
    return { customerId: null, mandateId: id, method: 'directdebit', label: maskIban(request.iban), valid: true };
  }

  /** Records the refund once per idempotency key, as a real service does; only a paid payment can be refunded. */
  async refund(request: RefundRequest): Promise<{ id: string }> {
    const row = await this.db
      .prepare(
        `INSERT INTO sandbox_refunds (id, tenant_id, payment_id, amount, currency, description, idempotency_key, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM sandbox_payments WHERE id = ?3 AND tenant_id = ?2 AND status = 'paid')
         ON CONFLICT (tenant_id, idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key RETURNING id`,
      )
      .bind(
        randomId('sbr'),
        this.tenantId,
        request.paymentId,
        request.amount,
        request.currency,
        request.description,
        request.idempotencyKey,
        new Date().toISOString(),
      )
      .first<Pick<Tables['sandbox_payments'], 'id'>>();
    if (!row) throw new ProviderError(`sandbox refund: payment ${request.paymentId} is not paid`);
    return { id: row.id };
  }

  async addMandate(method: string, label: string, decline: boolean): Promise<string> {
    const id = randomId('sbm');
    await this.db
      .prepare('INSERT INTO sandbox_mandates (id, tenant_id, method, label, decline, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(id, this.tenantId, method, label, decline ? 1 : 0, new Date().toISOString())
      .run();
    return id;
  }

  /** A payment as its checkout page shows it, or null for an unknown id (or another brand's). */
  checkoutPayment(id: string | undefined): Promise<Tables['sandbox_payments'] | null> {
    if (!id) return Promise.resolve(null);
    return this.db
      .prepare('SELECT * FROM sandbox_payments WHERE id = ? AND tenant_id = ?')
      .bind(id, this.tenantId)
      .first<Tables['sandbox_payments']>();
  }

  /** The outcome the person chose on the checkout page; a payment already settled keeps its state. */
  async recordOutcome(id: string, status: string, issuer: string | null, mandateId: string | null): Promise<void> {
    await this.db
      .prepare(
        "UPDATE sandbox_payments SET status = ?, issuer = ?, mandate_id = COALESCE(?, mandate_id) WHERE id = ? AND tenant_id = ? AND status IN ('open', 'pending')",
      )
      .bind(status, issuer, mandateId, id, this.tenantId)
      .run();
  }

  private mandate(id: string): Promise<MandateRow | null> {
    return this.db
      .prepare('SELECT id, method, label, decline FROM sandbox_mandates WHERE id = ? AND tenant_id = ?')
      .bind(id, this.tenantId)
      .first<MandateRow>();
  }
}

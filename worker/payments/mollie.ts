import { maskIban, normalizeIban } from '../../core/rules/iban';
import { logEvent } from '../log';
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

/**
 * Mollie's REST API v2 (https://docs.mollie.com/reference): payments, customers and mandates. Amounts go over the
 * wire as decimal strings ("14.95"); inside the engine they stay integer cents.
 */
export interface MollieOptions {
  apiKey: string;
  baseUrl: string;
  fetch: typeof fetch;
}

interface MollieAmount {
  value: string;
  currency: string;
}
interface MolliePayment {
  id: string;
  status: ProviderStatus;
  amount: MollieAmount;
  metadata: { tenant?: string; order_id?: number } | null;
  customerId?: string;
  mandateId?: string;
  _links?: { checkout?: { href: string } };
}
interface MollieMandate {
  id: string;
  method: string;
  status: 'valid' | 'pending' | 'invalid';
  details?: { consumerAccount?: string | null; cardLabel?: string | null; cardNumber?: string | null };
}

// Currencies without minor units would need another exponent; every currency of our brands has two decimals.
export const toMollieValue = (cents: number) => (cents / 100).toFixed(2);
export function fromMollieValue(value: string): number {
  if (!/^\d+\.\d{2}$/.test(value)) throw new ProviderError(`unexpected amount ${value}`);
  return Number(value.replace('.', ''));
}

export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;
  constructor(private readonly options: MollieOptions) {}

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; data: T }> {
    const response = await this.options.fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.options.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/hal+json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as T;
    if (!response.ok && response.status !== 404) throw new ProviderError(`mollie ${method} ${path}: ${response.status}`);
    return { status: response.status, data };
  }

  private async customer(customer: { name: string; email: string } | undefined, existing?: string | null): Promise<string | undefined> {
    if (existing) return existing;
    if (!customer) return undefined;
    const { data } = await this.call<{ id: string }>('POST', '/customers', customer);
    return data.id;
  }

  async create(request: CreatePayment): Promise<{ id: string; checkoutUrl: string | null }> {
    const customerId = request.sequenceType === 'oneoff' ? undefined : await this.customer(request.customer, request.customerId);
    const { data } = await this.call<MolliePayment>('POST', '/payments', {
      amount: { currency: request.currency, value: toMollieValue(request.amount) },
      description: request.description,
      redirectUrl: request.redirectUrl,
      webhookUrl: request.webhookUrl,
      method: request.method,
      ...(request.issuer ? { issuer: request.issuer } : {}),
      metadata: request.metadata,
      sequenceType: request.sequenceType,
      ...(customerId ? { customerId } : {}),
      ...(request.mandateId ? { mandateId: request.mandateId } : {}),
    });
    return { id: data.id, checkoutUrl: data._links?.checkout?.href ?? null };
  }

  async get(id: string): Promise<ProviderPayment | null> {
    if (!/^tr_[A-Za-z0-9]{4,40}$/.test(id)) return null;
    const { status, data } = await this.call<MolliePayment>('GET', `/payments/${id}`);
    if (status === 404) return null;
    let mandate: ProviderMandate | null = null;
    if (data.customerId && data.mandateId) {
      const found = await this.call<MollieMandate>('GET', `/customers/${data.customerId}/mandates/${data.mandateId}`);
      if (found.status !== 404) mandate = toMandate(data.customerId, found.data);
    }
    return {
      id: data.id,
      status: data.status,
      amount: fromMollieValue(data.amount.value),
      currency: data.amount.currency,
      metadata: data.metadata ?? {},
      mandate,
      checkoutUrl: data.status === 'open' ? (data._links?.checkout?.href ?? null) : null,
    };
  }

  /** DELETE /payments/{id}: Mollie cancels a payment while `isCancelable`; otherwise it answers 422, which is fine. */
  async cancel(id: string): Promise<void> {
    if (!/^tr_[A-Za-z0-9]{4,40}$/.test(id)) return;
    await this.call('DELETE', `/payments/${id}`).catch((error: unknown) => {
      // Past cancelling (paid meanwhile, or unreachable): the order's state follows the payment (settle.ts).
      if (!(error instanceof ProviderError)) throw error;
      logEvent('warn', 'mollie payment not cancelled', { payment: id, error: String(error) });
    });
  }

  async createDirectDebitMandate(request: DirectDebitMandateRequest): Promise<ProviderMandate> {
    const customerId = (await this.customer(request.customer, request.customerId))!;
    const { data } = await this.call<MollieMandate>('POST', `/customers/${customerId}/mandates`, {
      method: 'directdebit',
      consumerName: request.holder,
      consumerAccount: normalizeIban(request.iban),
    });
    return toMandate(customerId, data);
  }

  async refund(request: RefundRequest): Promise<{ id: string }> {
    const { status, data } = await this.call<{ id: string }>(
      'POST',
      `/payments/${request.paymentId}/refunds`,
      { amount: { currency: request.currency, value: toMollieValue(request.amount) }, description: request.description },
      { 'Idempotency-Key': request.idempotencyKey },
    );
    if (status === 404) throw new ProviderError(`mollie refund: payment ${request.paymentId} not found`);
    return { id: data.id };
  }
}

function toMandate(customerId: string, m: MollieMandate): ProviderMandate {
  const label = m.details?.cardLabel
    ? `${m.details.cardLabel} •••• ${m.details.cardNumber ?? ''}`.trim()
    : m.details?.consumerAccount
      ? maskIban(m.details.consumerAccount)
      : m.method;
  return { customerId, mandateId: m.id, method: m.method, label, valid: m.status === 'valid' };
}

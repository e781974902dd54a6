import { ProviderError } from '../provider-error';
import type {
  CreatePayment,
  DirectDebitMandateRequest,
  PaymentProvider,
  PostbackEvent,
  ProviderMandate,
  ProviderPayment,
  ProviderStatus,
  RefundRequest,
  SignedPostbacks,
} from '../provider-types';
import { fromFlexpayAmount, signedQuery, toFlexpayAmount, verifyPostback } from './signature';

/**
 * Verotel FlexPay (docs/decisions/013-adult-acquirers.md): the member pays on Verotel's hosted order page, reached
 * through a signed "startorder" URL that carries the order as `referenceID`; Verotel then calls the postback URL set
 * for the website in its Control Center with the sale's data, signed with the shop's signature key, and expects the
 * body "OK" (without it, a card sale is refunded by Verotel). The status service (`salestatus`) answers what Verotel
 * knows of a sale: a postback's sale is checked against it before the order is paid.
 */
export interface VerotelOptions {
  shopId: number;
  signatureKey: string;
  /** The order page and the status service: Verotel's (VEROTEL_ENDPOINTS) or the local sandbox's. */
  endpoints: { startorder: string; salestatus: string };
  fetch: typeof fetch;
  /** How a refund is asked for: the local sandbox records it; Verotel takes refunds in its Control Center. */
  refund?: (request: RefundRequest) => Promise<{ id: string }>;
}

/** The hosts of FlexPay per Verotel brand, as Verotel's own clients name them. */
export const VEROTEL_ENDPOINTS = {
  verotel: { startorder: 'https://secure.verotel.com/startorder', salestatus: 'https://secure.verotel.com/salestatus' },
  cardbilling: { startorder: 'https://secure.billing.creditcard/startorder', salestatus: 'https://secure.billing.creditcard/salestatus' },
} as const;

/** FlexPay version 4 (the startorder and postback parameters used here exist in it). */
export const FLEXPAY_VERSION = '4';

/** The order as Verotel carries it: `<tenant>-<order id>`, so a postback names the brand as well as the order. */
export const referenceOf = (tenant: string, orderId: number) => `${tenant}-${orderId}`;
export function parseReference(reference: string | null): { tenant: string; orderId: number } | null {
  const match = reference?.match(/^([a-z0-9-]{1,40})-(\d{1,12})$/);
  return match ? { tenant: match[1], orderId: Number(match[2]) } : null;
}

// Our methods as FlexPay's paymentMethod; the others leave the choice to the order page (Verotel offers what it offers).
const METHODS: Record<string, string> = { creditcard: 'CC', directdebit: 'DDEU' };

/** The status service's text answer: one `name: value` per line. */
function parseStatus(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return fields;
}

const SALE_RESULT: Record<string, ProviderStatus> = { APPROVED: 'paid', DECLINED: 'failed', CANCELED: 'canceled', ERROR: 'failed' };

export class VerotelProvider implements PaymentProvider {
  readonly name = 'verotel' as const;
  readonly postbacks: SignedPostbacks;

  constructor(private readonly options: VerotelOptions) {
    this.postbacks = {
      verify: (params) => this.verify(params),
      accepted: 'OK',
      refused: (reason) => `ERROR - ${reason}`,
    };
  }

  async create(request: CreatePayment): Promise<{ id: string; checkoutUrl: string | null }> {
    // No card on file (FlexPay's one-click token is not used yet): every purchase goes through the order page.
    if (request.sequenceType === 'recurring') throw new ProviderError('verotel: no repeat charge without the order page');
    const reference = referenceOf(request.metadata.tenant, request.metadata.order_id);
    const query = await signedQuery(this.options.signatureKey, {
      version: FLEXPAY_VERSION,
      shopID: this.options.shopId,
      type: 'purchase',
      priceAmount: toFlexpayAmount(request.amount),
      priceCurrency: request.currency,
      description: request.description.slice(0, 100),
      referenceID: reference,
      paymentMethod: METHODS[request.method],
      successURL: request.redirectUrl,
      declineURL: request.redirectUrl,
      email: request.customer?.email,
    });
    return { id: reference, checkoutUrl: `${new URL(this.options.endpoints.startorder, request.redirectUrl).href}?${query}` };
  }

  /**
   * The sale behind an order reference, as the status service knows it. Not found yet: the member has not finished
   * the order page, so the payment is open (its amount unknown: nothing moves on it).
   */
  async get(id: string): Promise<ProviderPayment | null> {
    const reference = parseReference(id);
    if (!reference) return null;
    const query = await signedQuery(this.options.signatureKey, { version: FLEXPAY_VERSION, shopID: this.options.shopId, referenceID: id });
    const response = await this.options.fetch(`${this.options.endpoints.salestatus}?${query}`);
    if (!response.ok) throw new ProviderError(`verotel salestatus: ${response.status}`);
    const fields = parseStatus(await response.text());
    const metadata = { tenant: reference.tenant, order_id: reference.orderId };
    const open = { id, status: 'open' as const, amount: null, currency: null, metadata, mandate: null, checkoutUrl: null };
    const found = fields.get('response');
    if (found === 'NOTFOUND') return open;
    if (found !== 'FOUND') throw new ProviderError(`verotel salestatus: ${found ?? 'no answer'}`);
    return {
      ...open,
      status: SALE_RESULT[fields.get('saleResult') ?? ''] ?? 'pending',
      amount: fromFlexpayAmount(fields.get('priceAmount') ?? null),
      currency: fields.get('priceCurrency') ?? null,
    };
  }

  /** A hosted order page that was left simply never pays: there is nothing to cancel at Verotel. */
  async cancel(): Promise<void> {}

  async createDirectDebitMandate(_request: DirectDebitMandateRequest): Promise<ProviderMandate> {
    throw new ProviderError('verotel: SEPA direct debit is chosen on the order page (DDEU), not by a mandate form');
  }

  async refund(request: RefundRequest): Promise<{ id: string }> {
    if (this.options.refund) return this.options.refund(request);
    throw new ProviderError('verotel: refunds are made in the Control Center; its "credit" postback settles the order');
  }

  /** The postback's event once its signature verified with this shop's key; null when it did not. */
  private async verify(params: URLSearchParams): Promise<PostbackEvent | null> {
    if (!(await verifyPostback(this.options.signatureKey, params))) return null;
    if (params.get('shopID') !== String(this.options.shopId)) return null;
    const paymentId = params.get('referenceID') ?? '';
    const amount = fromFlexpayAmount(params.get('priceAmount'));
    const currency = params.get('priceCurrency');
    const transactionId = params.get('transactionID') ?? params.get('saleID') ?? '';
    const event = params.get('event');
    if (!event || event === 'initial') return { kind: 'sale', paymentId, amount, currency, transactionId };
    if (event === 'credit') return { kind: 'refund', paymentId, amount, currency, transactionId };
    if (event === 'chargeback') return { kind: 'chargeback', paymentId, amount, currency, transactionId };
    return { kind: 'other', name: event, paymentId, transactionId };
  }
}

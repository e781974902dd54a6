import { ProviderError } from '../provider-error';
import type {
  CreatePayment,
  DirectDebitMandateRequest,
  PaymentProvider,
  PostbackEvent,
  ProviderMandate,
  ProviderPayment,
  RefundRequest,
  SignedPostbacks,
} from '../provider-types';
import { eventsOf, recordEvent, referenceOfSubscription, type EventKind } from './events';
import {
  CURRENCY_CODES,
  currencyOfCode,
  formDigest,
  fromPrice,
  INITIAL_PERIOD,
  PASS_THROUGH,
  referenceOf,
  saleDigest,
  sameDigest,
  toPrice,
} from './protocol';

/**
 * CCBill (docs/decisions/013-adult-acquirers.md, CCBill section): the member pays on the brand's FlexForm, reached
 * through a dynamic-pricing URL whose price is fixed by `formDigest`; CCBill then posts webhooks (NewSaleSuccess,
 * NewSaleFailure, Refund, Chargeback, Void, ...) to the URL set for the subaccount. A sale is trusted once its
 * `dynamicPricingValidationDigest` verifies with the subaccount's salt, and `get` then confirms the subscription
 * with CCBill's status call (DataLink `viewSubscriptionStatus`). A repeat purchase charges a payment token made from
 * the member's previous sale through CCBill's RESTful Transaction API (one click, no form).
 */
export interface CcbillApi {
  /** CCBill's status document of a subscription (`viewSubscriptionStatus`), or null when CCBill does not know it. */
  subscriptionStatus(subscriptionId: string): Promise<Map<string, string> | null>;
  /** One click: a payment token made from a previous sale, charged at once. Absent without API credentials. */
  chargeAgain?(
    subscriptionId: string,
    charge: { initialPrice: string; initialPeriod: number; currencyCode: string; reference: string },
  ): Promise<{ approved: boolean; subscriptionId: string | null; declineCode: string | null }>;
  /** The local sandbox records a staff refund; CCBill takes refunds in its Admin Portal (then posts Refund). */
  refund?(subscriptionId: string, request: RefundRequest): Promise<{ id: string }>;
}

export interface CcbillOptions {
  tenantId: string;
  clientAccnum: number;
  clientSubacc: number;
  salt: string;
  db: D1Database;
  /** The FlexForm's address: CCBill's (`${CCBILL_FLEXFORMS}/<Flex ID>`) or the local sandbox's page. */
  formUrl: string;
  api: CcbillApi;
  now: () => Date;
}

export const CCBILL_FLEXFORMS = 'https://api.ccbill.com/wap-frontflex/flexforms';

/** The counter a reversal leaves in CCBill's status document, per webhook. */
const REVERSAL_COUNTER = { refund: 'refundsIssued', chargeback: 'chargebacksIssued', void: 'voidsIssued' } as const;

export class CcbillProvider implements PaymentProvider {
  readonly name = 'ccbill' as const;
  readonly postbacks: SignedPostbacks;

  constructor(private readonly options: CcbillOptions) {
    this.postbacks = { verify: (params) => this.verify(params), accepted: 'OK', refused: (reason) => `ERROR - ${reason}` };
  }

  async create(request: CreatePayment): Promise<{ id: string; checkoutUrl: string | null }> {
    const o = this.options;
    const reference = referenceOf(request.metadata.tenant, request.metadata.order_id);
    const currencyCode = CURRENCY_CODES[request.currency];
    if (!currencyCode) throw new ProviderError(`ccbill: no FlexForms currency code for ${request.currency}`);
    const initialPrice = toPrice(request.amount);
    if (request.sequenceType === 'recurring') return this.chargeAgain(request, reference, { initialPrice, currencyCode });
    const url = new URL(o.formUrl, request.redirectUrl);
    const query: Record<string, string> = {
      clientAccnum: String(o.clientAccnum),
      clientSubacc: String(o.clientSubacc).padStart(4, '0'),
      initialPrice,
      initialPeriod: String(INITIAL_PERIOD),
      currencyCode,
      formDigest: await formDigest(initialPrice, INITIAL_PERIOD, currencyCode, o.salt),
      [PASS_THROUGH]: reference,
    };
    if (request.customer?.email) query.email = request.customer.email;
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return { id: reference, checkoutUrl: url.href };
  }

  /** One-click repeat purchase: CCBill's answer to the charge is recorded as the sale (or the decline) at once. */
  private async chargeAgain(request: CreatePayment, reference: string, price: { initialPrice: string; currencyCode: string }) {
    const o = this.options;
    if (!o.api.chargeAgain || !request.mandateId) throw new ProviderError('ccbill: no RESTful API credentials for a one-click charge');
    const result = await o.api.chargeAgain(request.mandateId, { ...price, initialPeriod: INITIAL_PERIOD, reference });
    const base = { tenant_id: o.tenantId, reference, amount: request.amount, currency: request.currency };
    if (result.approved && result.subscriptionId)
      await recordEvent(o.db, { ...base, kind: 'sale', subscription_id: result.subscriptionId }, o.now());
    else await recordEvent(o.db, { ...base, kind: 'failure', subscription_id: null, failure_code: result.declineCode, soft: 0 }, o.now());
    return { id: reference, checkoutUrl: null };
  }

  /**
   * The order's payment as CCBill reported it: a verified sale, confirmed by CCBill's status call (a subscription
   * CCBill does not know pays nothing); a verified decline; or nothing yet (the member is still on the form).
   */
  async get(id: string): Promise<ProviderPayment | null> {
    const o = this.options;
    const match = id.match(/^([a-z0-9-]{1,40})-(\d{1,12})$/);
    if (!match) return null;
    const open: ProviderPayment = {
      id,
      status: 'open',
      amount: null,
      currency: null,
      metadata: { tenant: match[1], order_id: Number(match[2]) },
      mandate: null,
      checkoutUrl: null,
    };
    const events = await eventsOf(o.db, o.tenantId, id);
    const sale = events.find((e) => e.kind === 'sale');
    if (sale?.subscription_id) {
      const status = await o.api.subscriptionStatus(sale.subscription_id);
      if (!status) throw new ProviderError(`ccbill: subscription ${sale.subscription_id} is not confirmed by CCBill`);
      const mandate: ProviderMandate | null = o.api.chargeAgain
        ? { customerId: null, mandateId: sale.subscription_id, method: 'creditcard', label: 'CCBill', valid: true }
        : null;
      return { ...open, status: 'paid', amount: sale.amount, currency: sale.currency, mandate };
    }
    const failure = events.find((e) => e.kind === 'failure');
    if (failure) return { ...open, status: 'failed', decline: failure.soft ? 'soft' : 'hard' };
    return open;
  }

  /** Whether CCBill's status document shows the reversal a Refund, Chargeback or Void webhook reports. */
  async confirmsReversal(subscriptionId: string, kind: 'refund' | 'chargeback' | 'void'): Promise<boolean> {
    const status = await this.options.api.subscriptionStatus(subscriptionId);
    return Number(status?.get(REVERSAL_COUNTER[kind]) ?? 0) > 0;
  }

  /** A FlexForm that was left simply never pays: there is nothing to cancel at CCBill. */
  async cancel(): Promise<void> {}

  async createDirectDebitMandate(_request: DirectDebitMandateRequest): Promise<ProviderMandate> {
    throw new ProviderError('ccbill: no SEPA direct-debit mandates through this engine');
  }

  async refund(request: RefundRequest): Promise<{ id: string }> {
    const o = this.options;
    const sale = (await eventsOf(o.db, o.tenantId, request.paymentId)).find((e) => e.kind === 'sale');
    if (o.api.refund && sale?.subscription_id) return o.api.refund(sale.subscription_id, request);
    throw new ProviderError("ccbill: refunds are made in CCBill's Admin Portal; its Refund webhook then settles the order");
  }

  /**
   * The webhook's event once verified for this brand: its account and subaccount; a sale's or a decline's digest
   * with the salt; a refund, chargeback or void for a subscription whose verified sale paid one of our orders.
   * Null when it does not verify (forged, another brand's, unknown subscription).
   */
  private async verify(params: URLSearchParams): Promise<PostbackEvent | null> {
    const o = this.options;
    if (params.get('clientAccnum') !== String(o.clientAccnum) || Number(params.get('clientSubacc') ?? 'x') !== o.clientSubacc) return null;
    const type = params.get('eventType') ?? '';
    const reference = params.get(`X-${PASS_THROUGH}`) ?? '';
    if (type === 'NewSaleSuccess' || type === 'NewSaleFailure') {
      const approved = type === 'NewSaleSuccess';
      const id = params.get(approved ? 'subscriptionId' : 'transactionId') ?? '';
      if (!id || !reference) return null;
      if (!sameDigest(await saleDigest(id, approved, o.salt), params.get('dynamicPricingValidationDigest'))) return null;
      if (!approved) return { kind: 'other', name: type, paymentId: reference, transactionId: id };
      const amount = fromPrice(params.get('billedInitialPrice'));
      return { kind: 'sale', paymentId: reference, amount, currency: currencyOfCode(params.get('billedCurrencyCode')), transactionId: id };
    }
    const reversal = REVERSALS[type];
    const subscriptionId = params.get('subscriptionId') ?? '';
    const paymentId = subscriptionId ? await referenceOfSubscription(o.db, o.tenantId, subscriptionId) : null;
    if (!paymentId) return null;
    const transactionId = params.get('transactionId') ?? subscriptionId;
    if (!reversal) return { kind: 'other', name: type || 'unknown', paymentId, transactionId };
    const amount = params.has('amount') ? fromPrice(params.get('amount')) : null;
    const currency = params.has('currencyCode') ? currencyOfCode(params.get('currencyCode')) : null;
    return { kind: reversal, paymentId, amount, currency, transactionId };
  }
}

/** CCBill's reversal webhooks as the engine's events: a Void (before settlement) gives the money back like a refund. */
const REVERSALS: Record<string, 'refund' | 'chargeback'> = { Refund: 'refund', Void: 'refund', Chargeback: 'chargeback' };

/** The CCBill webhook's name for its kind of event in ccbill_events. */
export function eventKindOf(type: string): EventKind | null {
  return (
    ({ NewSaleSuccess: 'sale', NewSaleFailure: 'failure', Refund: 'refund', Chargeback: 'chargeback', Void: 'void' } as const)[
      type as 'Refund'
    ] ?? null
  );
}

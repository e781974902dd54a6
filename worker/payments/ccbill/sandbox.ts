import type { Tenant } from '../../../core/schemas/tenant';
import type { Tables } from '../../db/tables';
import { ProviderError } from '../provider-error';
import { type CcbillApi, CcbillProvider } from './adapter';
import { CURRENCY_CODES, currencyOfCode, INITIAL_PERIOD, PASS_THROUGH, saleDigest, toPrice } from './protocol';

/**
 * The local CCBill sandbox (local mode and tests only; worker/payments/provider.ts never builds it in production).
 * It keeps what its FlexForm did in D1 as CCBill keeps it on its side, answers the status call
 * (viewSubscriptionStatus) and the RESTful API's one-click charge from it, and posts webhooks made with the brand's
 * sandbox salt exactly as CCBill makes them, so the shop's real webhook path (webhook.ts) runs unchanged. Its
 * FlexForm page: sandbox-page.ts.
 */
export type SandboxTransaction = Tables['ccbill_sandbox_transactions'];
export type SandboxResult = 'approved' | 'soft_decline' | 'hard_decline';
export type LaterEvent = 'refund' | 'chargeback' | 'void';

/** A brand's sandbox salt: fixed per brand, so a test can make a digest as the brand, or as another brand. */
export const sandboxSalt = (tenantId: string) => `ccbill-sandbox-salt-${tenantId}`;

/** The sandbox's FlexForm, on the brand's own host. */
export const SANDBOX_FORM = '/api/ccbill-sandbox.php';

/** The failure codes the sandbox's declines carry (protocol.ts SOFT_FAILURE_CODES names the soft one). */
const FAILURE = {
  soft_decline: { code: 'SANDBOX-SOFT', reason: 'Declined by the issuer: try another processor' },
  hard_decline: { code: 'SANDBOX-HARD', reason: 'Card reported stolen' },
  three_ds: { code: 'SANDBOX-3DS', reason: '3-D Secure authentication failed' },
} as const;

const newId = () => `1${Array.from({ length: 17 }, () => Math.floor(Math.random() * 10)).join('')}`;

export class CcbillSandbox {
  readonly salt: string;
  readonly accnum: number;
  readonly subacc: number;
  constructor(
    private readonly db: D1Database,
    readonly tenant: Tenant,
  ) {
    this.salt = sandboxSalt(tenant.id);
    this.accnum = tenant.payments.ccbill?.client_accnum ?? 0;
    this.subacc = tenant.payments.ccbill?.client_subacc ?? 0;
  }

  /** The adapter the brand uses in local mode: the real one, pointed at this sandbox. */
  provider(now: () => Date = () => new Date()): CcbillProvider {
    const api: CcbillApi = {
      subscriptionStatus: (id) => this.subscriptionStatus(id),
      chargeAgain: (id, charge) => this.chargeAgain(id, charge),
      refund: async (id) => {
        const t = await this.bySubscription(id);
        if (t?.result !== 'approved' || !(await this.markLater(t, 'refund')))
          throw new ProviderError(`ccbill sandbox refund: ${id} is not refundable`);
        return { id: `refund-${id}` };
      },
    };
    return new CcbillProvider({
      tenantId: this.tenant.id,
      clientAccnum: this.accnum,
      clientSubacc: this.subacc,
      salt: this.salt,
      db: this.db,
      formUrl: SANDBOX_FORM,
      api,
      now,
    });
  }

  transaction(reference: string): Promise<SandboxTransaction | null> {
    return this.db
      .prepare('SELECT * FROM ccbill_sandbox_transactions WHERE tenant_id = ? AND reference = ?')
      .bind(this.tenant.id, reference)
      .first<SandboxTransaction>();
  }

  bySubscription(id: string): Promise<SandboxTransaction | null> {
    return this.db
      .prepare('SELECT * FROM ccbill_sandbox_transactions WHERE tenant_id = ? AND subscription_id = ?')
      .bind(this.tenant.id, id)
      .first<SandboxTransaction>();
  }

  /** The outcome the tester chose on the FlexForm, once per order reference (a second click changes nothing). */
  async record(o: {
    reference: string;
    amount: number;
    currencyCode: string;
    result: SandboxResult;
    threeDSecure?: 'passed' | 'failed';
  }): Promise<SandboxTransaction> {
    await this.db
      .prepare(
        `INSERT INTO ccbill_sandbox_transactions (subscription_id, tenant_id, reference, amount, currency_code, result, three_d_secure, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, reference) DO NOTHING`,
      )
      .bind(newId(), this.tenant.id, o.reference, o.amount, o.currencyCode, o.result, o.threeDSecure ?? null, new Date().toISOString())
      .run();
    return (await this.transaction(o.reference))!;
  }

  /** Marks a later event on an approved sale, once: true only for the call that marked it. */
  async markLater(t: SandboxTransaction, event: LaterEvent): Promise<boolean> {
    const done = await this.db
      .prepare(
        "UPDATE ccbill_sandbox_transactions SET later_event = ? WHERE subscription_id = ? AND tenant_id = ? AND result = 'approved' AND later_event IS NULL",
      )
      .bind(event, t.subscription_id, this.tenant.id)
      .run();
    return done.meta.changes > 0;
  }

  /** The webhook CCBill posts for a sale, a decline, or a later event: its eventType and its fields. */
  async webhook(t: SandboxTransaction, later?: LaterEvent): Promise<{ eventType: string; fields: Record<string, string> }> {
    const account = { clientAccnum: String(this.accnum), clientSubacc: String(this.subacc).padStart(4, '0') };
    const timestamp = new Date().toISOString().replace('T', ' ').slice(0, 19);
    if (later) {
      const eventType = { refund: 'Refund', chargeback: 'Chargeback', void: 'Void' }[later];
      return {
        eventType,
        fields: {
          ...account,
          subscriptionId: t.subscription_id,
          transactionId: newId(),
          amount: toPrice(t.amount),
          currencyCode: t.currency_code,
          reason: later === 'chargeback' ? 'Cardholder dispute' : 'Requested by the merchant',
          timestamp,
        },
      };
    }
    const price = {
      billedInitialPrice: toPrice(t.amount),
      billedCurrencyCode: t.currency_code,
      billedCurrency: currencyOfCode(t.currency_code) ?? '',
      initialPeriod: String(INITIAL_PERIOD),
      [`X-${PASS_THROUGH}`]: t.reference,
      timestamp,
    };
    if (t.result === 'approved')
      return {
        eventType: 'NewSaleSuccess',
        fields: {
          ...account,
          ...price,
          subscriptionId: t.subscription_id,
          transactionId: newId(),
          paymentType: 'CREDIT',
          cardType: 'VISA',
          last4: '4242',
          threeDSecure: t.three_d_secure === 'passed' ? 'Y' : 'N',
          dynamicPricingValidationDigest: await saleDigest(t.subscription_id, true, this.salt),
        },
      };
    const failure =
      t.three_d_secure === 'failed' ? FAILURE.three_ds : FAILURE[t.result === 'soft_decline' ? 'soft_decline' : 'hard_decline'];
    return {
      eventType: 'NewSaleFailure',
      fields: {
        ...account,
        ...price,
        transactionId: t.subscription_id,
        failureCode: failure.code,
        failureReason: failure.reason,
        dynamicPricingValidationDigest: await saleDigest(t.subscription_id, false, this.salt),
      },
    };
  }

  /** viewSubscriptionStatus: the status document of an approved sale; nothing for a decline or an unknown id. */
  private async subscriptionStatus(id: string): Promise<Map<string, string> | null> {
    const t = await this.bySubscription(id);
    if (t?.result !== 'approved') return null;
    const count = (event: LaterEvent) => (t.later_event === event ? '1' : '0');
    return new Map([
      ['subscriptionStatus', t.later_event ? '0' : '1'],
      ['recurringSubscription', '0'],
      ['signupDate', t.created_at.replace(/\D/g, '').slice(0, 14)],
      ['refundsIssued', count('refund')],
      ['voidsIssued', count('void')],
      ['chargebacksIssued', count('chargeback')],
    ]);
  }

  /** The RESTful API's one-click charge: a new approved sale on the card of an earlier one not charged back. */
  private async chargeAgain(id: string, charge: { initialPrice: string; currencyCode: string; reference: string }) {
    const first = await this.bySubscription(id);
    if (first?.result !== 'approved' || first.later_event === 'chargeback')
      return { approved: false, subscriptionId: null, declineCode: '15' };
    const cents = Math.round(Number(charge.initialPrice) * 100);
    if (!Object.values(CURRENCY_CODES).includes(charge.currencyCode)) throw new ProviderError('ccbill sandbox: unknown currency');
    const t = await this.record({ reference: charge.reference, amount: cents, currencyCode: charge.currencyCode, result: 'approved' });
    return { approved: true, subscriptionId: t.subscription_id, declineCode: null };
  }
}

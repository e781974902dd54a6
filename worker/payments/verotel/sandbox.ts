import type { Tenant } from '../../../core/schemas/tenant';
import type { Tables } from '../../db/tables';
import { ProviderError } from '../provider-error';
import type { RefundRequest } from '../provider-types';
import { parseReference, VerotelProvider } from './adapter';
import { signPostback, toFlexpayAmount, verifyRequest } from './signature';

/**
 * The local Verotel FlexPay sandbox (local mode and tests only; worker/payments/provider.ts never builds it in
 * production). It keeps its sales in D1 as Verotel keeps them on its side, answers the status service from them,
 * checks the signature of what the shop sends it, and signs its postbacks with the brand's sandbox key exactly as
 * Verotel signs them, so the shop's real postback path (postback.ts) runs unchanged. Its order page: sandbox-page.ts.
 */
export type SandboxSale = Tables['verotel_sandbox_sales'];

/** A brand's sandbox signature key: fixed per brand, so a test can sign as the brand, or as another brand. */
export const sandboxSignatureKey = (tenantId: string) => `verotel-sandbox-key-${tenantId}`;

/** Where the sandbox plays Verotel: the order page on the brand's own host; the status service answered in process. */
export const SANDBOX_ENDPOINTS = { startorder: '/api/verotel-sandbox.php', salestatus: 'https://verotel-sandbox.invalid/salestatus' };

export class VerotelSandbox {
  readonly shopId: number;
  readonly key: string;
  constructor(
    private readonly db: D1Database,
    readonly tenant: Tenant,
  ) {
    this.shopId = tenant.payments.verotel?.shop_id ?? 0;
    this.key = sandboxSignatureKey(tenant.id);
  }

  /** The adapter the brand uses in local mode: the real one, pointed at this sandbox. */
  provider(): VerotelProvider {
    return new VerotelProvider({
      shopId: this.shopId,
      signatureKey: this.key,
      endpoints: SANDBOX_ENDPOINTS,
      fetch: (input) => this.salestatus(new URL(input instanceof Request ? input.url : String(input))),
      refund: (request) => this.refund(request),
    });
  }

  sale(reference: string): Promise<SandboxSale | null> {
    return this.db
      .prepare('SELECT * FROM verotel_sandbox_sales WHERE tenant_id = ? AND reference_id = ?')
      .bind(this.tenant.id, reference)
      .first<SandboxSale>();
  }

  /** The outcome the tester chose on the order page, once per order reference (a second click changes nothing). */
  async recordSale(o: { reference: string; amount: number; currency: string; method: string; approved: boolean }): Promise<SandboxSale> {
    const id = () => Math.floor(1_000_000 + Math.random() * 8_999_999);
    await this.db
      .prepare(
        `INSERT INTO verotel_sandbox_sales (sale_id, tenant_id, shop_id, reference_id, amount, currency, payment_method, result, transaction_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, reference_id) DO NOTHING`,
      )
      .bind(
        id(),
        this.tenant.id,
        this.shopId,
        o.reference,
        o.amount,
        o.currency,
        o.method,
        o.approved ? 'APPROVED' : 'DECLINED',
        id(),
        new Date().toISOString(),
      )
      .run();
    return (await this.sale(o.reference))!;
  }

  /** Marks a later event (credit, chargeback) on an approved sale, once: true only for the call that marked it. */
  async markLater(sale: SandboxSale, event: 'credit' | 'chargeback'): Promise<boolean> {
    const done = await this.db
      .prepare(
        "UPDATE verotel_sandbox_sales SET later_event = ? WHERE sale_id = ? AND tenant_id = ? AND result = 'APPROVED' AND later_event IS NULL",
      )
      .bind(event, sale.sale_id, this.tenant.id)
      .run();
    return done.meta.changes > 0;
  }

  /** The postback Verotel sends for a sale or a later event on it, signed with the brand's key. */
  postback(sale: SandboxSale, event?: 'credit' | 'chargeback'): Promise<URLSearchParams> {
    return signPostback(this.key, {
      shopID: String(this.shopId),
      saleID: String(sale.sale_id),
      referenceID: sale.reference_id,
      priceAmount: toFlexpayAmount(sale.amount),
      priceCurrency: sale.currency,
      paymentMethod: sale.payment_method,
      type: 'purchase',
      ...(event
        ? { event, transactionID: String(sale.transaction_id + 1), parentID: String(sale.transaction_id) }
        : { transactionID: String(sale.transaction_id) }),
    });
  }

  /** The status service: checks the request's signature, then answers `name: value` lines as Verotel's does. */
  private async salestatus(url: URL): Promise<Response> {
    const params = url.searchParams;
    if (!(await verifyRequest(this.key, params)) || params.get('shopID') !== String(this.shopId))
      return new Response('response: ERROR\nerror: invalid signature\n', { status: 200 });
    const sale = await this.sale(params.get('referenceID') ?? '');
    if (!sale) return new Response('response: NOTFOUND\n');
    const lines = [
      'response: FOUND',
      `shopID: ${sale.shop_id}`,
      `saleID: ${sale.sale_id}`,
      `referenceID: ${sale.reference_id}`,
      `saleResult: ${sale.result}`,
      `priceAmount: ${toFlexpayAmount(sale.amount)}`,
      `priceCurrency: ${sale.currency}`,
      `paymentMethod: ${sale.payment_method}`,
    ];
    return new Response(`${lines.join('\n')}\n`);
  }

  /** A refund asked for by the shop (staff): recorded on the sale, as Verotel's Control Center would. */
  private async refund(request: RefundRequest): Promise<{ id: string }> {
    const sale = parseReference(request.paymentId) ? await this.sale(request.paymentId) : null;
    if (sale?.result !== 'APPROVED' || sale.later_event === 'chargeback')
      throw new ProviderError(`verotel sandbox refund: sale ${request.paymentId} is not refundable`);
    await this.markLater(sale, 'credit');
    return { id: `credit-${sale.sale_id}` };
  }
}

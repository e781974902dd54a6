/**
 * CCBill's published protocol pieces (docs/decisions/013-adult-acquirers.md, CCBill section, sources C1-C6):
 * - dynamic pricing on a FlexForm: `formDigest` = MD5 hex of initialPrice (two decimals), initialPeriod (days) and
 *   currencyCode (ISO 4217 numeric), followed by the subaccount's salt, concatenated without separators;
 * - a webhook's sale is vouched for by `dynamicPricingValidationDigest` = MD5 hex of subscriptionId, "1" and the salt
 *   (a declined sale: its id, "0" and the salt);
 * - webhooks come from CCBill's published address ranges only.
 */

/** The currencies CCBill's FlexForms bill in, by ISO 4217 numeric code (C1). */
export const CURRENCY_CODES: Readonly<Record<string, string>> = { USD: '840', EUR: '978', GBP: '826', CAD: '124', AUD: '036', JPY: '392' };
export const currencyOfCode = (code: string | null) => Object.entries(CURRENCY_CODES).find(([, n]) => n === code)?.[0] ?? null;

/**
 * The initial period of a one-time purchase, in days (FlexForms takes 2 to 365 for a non-recurring price): credits do
 * not expire, so it only names the access CCBill shows the buyer. No recurring price is ever sent: no rebill exists.
 */
export const INITIAL_PERIOD = 30;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** MD5 as lower-case hex (workerd's WebCrypto has MD5 for such legacy protocols). */
export async function md5(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('MD5', new TextEncoder().encode(text)));
}

/** CCBill's prices are decimal strings with two decimals; the engine's are integer cents. */
export const toPrice = (cents: number) => (cents / 100).toFixed(2);
export function fromPrice(value: string | null): number | null {
  if (!value || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The FlexForm's dynamic-pricing digest of a single-billing price (C1). */
export const formDigest = (initialPrice: string, initialPeriod: number, currencyCode: string, salt: string) =>
  md5(`${initialPrice}${initialPeriod}${currencyCode}${salt}`);

/** The digest a sale's webhook carries: approved (subscriptionId, "1") or declined (its id, "0") (C3). */
export const saleDigest = (id: string, approved: boolean, salt: string) => md5(`${id}${approved ? '1' : '0'}${salt}`);

/** Compares two hex digests in time that does not depend on where they differ. */
export function sameDigest(expected: string, given: string | null): boolean {
  const g = given?.toLowerCase() ?? '';
  if (g.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ g.charCodeAt(i);
  return diff === 0;
}

/** CCBill's webhook source ranges as published (C2): 64.38.212.1-254, 64.38.215.1-254, 64.38.240.1-254, 64.38.241.1-254. */
export function isCcbillAddress(ip: string | null): boolean {
  const match = ip?.match(/^64\.38\.(212|215|240|241)\.(\d{1,3})$/);
  return !!match && Number(match[2]) >= 1 && Number(match[2]) <= 254;
}

/** The order as CCBill carries it (a FlexForm pass-through field, returned in the webhooks as `X-orderRef`). */
export const PASS_THROUGH = 'orderRef';
export const referenceOf = (tenant: string, orderId: number) => `${tenant}-${orderId}`;

/**
 * Failure codes of a NewSaleFailure that another acquirer may still approve (a cascade is allowed). CCBill does
 * not publish its decline codes as soft or hard; this list starts with the sandbox's code and takes CCBill's
 * issuer-side "try again elsewhere" codes once confirmed with CCBill. Anything else (a failed 3-D Secure
 * challenge, a stolen card, fraud) is hard and never cascades.
 */
export const SOFT_FAILURE_CODES: ReadonlySet<string> = new Set(['SANDBOX-SOFT']);

/** The webhook's fields, JSON or URL-encoded as the webhook configuration chose (C2), with the query's eventType. */
export async function webhookFields(request: Request): Promise<URLSearchParams | null> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  let fields: URLSearchParams;
  if (type.includes('application/json')) {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
    fields = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') fields.append(k, String(v));
  } else {
    const bytes = await request.arrayBuffer().catch(() => null);
    if (bytes === null) return null;
    fields = new URLSearchParams(new TextDecoder().decode(bytes));
  }
  for (const key of ['eventType', 'eventGroupType']) {
    const fromQuery = url.searchParams.get(key);
    if (fromQuery && !fields.has(key)) fields.set(key, fromQuery);
  }
  // A field given twice (a second billedInitialPrice appended on the way) is refused outright.
  const keys = [...fields.keys()];
  return new Set(keys).size === keys.length ? fields : null;
}

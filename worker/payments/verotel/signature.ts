/**
 * Verotel FlexPay's signature, as published (docs/decisions/013-adult-acquirers.md, sources 1-3): the lower-case hex
 * SHA-256 of the shop's signature key followed by the parameters as `key=value`, sorted by key and joined with ":".
 * - A request we send (startorder, salestatus) signs only the parameters FlexPay names (SIGNED_REQUEST_PARAMS); others
 *   (email, oneClickToken) travel unsigned.
 * - A postback Verotel sends is signed over every parameter it carries except `signature` itself, so a field added
 *   to a postback cannot be altered either.
 * Verotel's clients still accept the older SHA-1 signature of postbacks; we do not: a postback signed that way is
 * refused (a shop may ask Verotel to sign with SHA-256 only).
 */

const SIGNED_REQUEST_PARAMS =
  /^(version|shopID|price(Amount|Currency)|paymentMethod|description|referenceID|saleID|custom[123]|subscriptionType|period|name|trialAmount|trialPeriod|cancelDiscountPercentage|type|successURL|declineURL|precedingSaleID|upgradeOption|mcc|subCreditorName|subCreditorId|subCreditorCountry)$/;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Byte-wise sort of the keys, as PHP's ksort and Perl's sort do for the ASCII names FlexPay uses. */
const byKey = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

export async function flexpaySignature(key: string, params: Iterable<[string, string]>): Promise<string> {
  const parts = [...params].sort(byKey).map(([k, v]) => `${k}=${v}`);
  const data = new TextEncoder().encode([key, ...parts].join(':'));
  return hex(await crypto.subtle.digest('SHA-256', data));
}

/** The signed query of a request to Verotel: empty values are left out, as Verotel's clients leave them out. */
export async function signedQuery(key: string, params: Record<string, string | number | undefined>): Promise<URLSearchParams> {
  const present = Object.entries(params)
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => [k, String(v)] as [string, string])
    .sort(byKey);
  const query = new URLSearchParams(present);
  query.set(
    'signature',
    await flexpaySignature(
      key,
      present.filter(([k]) => SIGNED_REQUEST_PARAMS.test(k)),
    ),
  );
  return query;
}

/** Signs a postback as Verotel does: over every parameter it carries. The local sandbox sends what this returns. */
export async function signPostback(key: string, params: Record<string, string>): Promise<URLSearchParams> {
  const query = new URLSearchParams(Object.entries(params).sort(byKey));
  query.set('signature', await flexpaySignature(key, Object.entries(params)));
  return query;
}

/**
 * Whether the postback's signature is the one this key makes over its other parameters. A parameter repeated in the
 * query (a second `priceAmount` appended by someone in between) is refused outright: it would sign one value and
 * let the handler read another. The comparison takes the same time wherever the strings differ.
 */
export async function verifyPostback(key: string, params: URLSearchParams): Promise<boolean> {
  const given = params.get('signature')?.toLowerCase();
  if (!given || !/^[0-9a-f]{64}$/.test(given)) return false;
  const entries = [...params].filter(([k]) => k !== 'signature');
  if (new Set(entries.map(([k]) => k)).size !== entries.length || params.getAll('signature').length !== 1) return false;
  const expected = await flexpaySignature(key, entries);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

/** FlexPay's amounts are decimal strings in nnn.nn form; the engine's are integer cents. */
export const toFlexpayAmount = (cents: number) => (cents / 100).toFixed(2);

export function fromFlexpayAmount(value: string | null): number | null {
  if (!value || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Whether a request to Verotel (startorder, salestatus) carries the signature this key makes: what Verotel checks. */
export async function verifyRequest(key: string, params: URLSearchParams): Promise<boolean> {
  const expected = await flexpaySignature(
    key,
    [...params].filter(([k]) => k !== 'signature' && SIGNED_REQUEST_PARAMS.test(k)),
  );
  return params.get('signature') === expected;
}

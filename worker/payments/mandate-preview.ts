import { base64url, fromBase64url, hmacSha256Hex, sha256Hex } from '../../core/encoding';
import { normalizeIban } from '../../core/rules/iban';
import { isMandateReference, mandateReference, normalizeCreditorId, SEPA_REFUND_WEEKS, sepaDebitDate } from '../../core/rules/sepa';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure } from '../errors';

/**
 * What the member signs before the SMS code is sent (issue 44 item 10): the creditor, a mandate reference made here,
 * the amount, the debit date and the refund right. The preview answers a token signed with the app secret that binds
 * them to the member, the package, the amount and the account; the code-sending call requires it, so a member is
 * only ever asked to confirm the mandate text they were shown (docs/api/payments.md, decision 013).
 */
export const MANDATE_TOKEN_MINUTES = 30;

export interface Creditor {
  name: string;
  id: string;
  leadDays: number;
}

/**
 * The creditor the member's mandate names: the brand itself when its direct debits go to 'sepa' (the brand's own
 * Creditor Identifier from its tenant file); locally, a provider that makes its own mandates (the sandbox standing in
 * for any other) is a fictional creditor with the Bundesbank's test identifier. Elsewhere no creditor can be named,
 * so no mandate text either: the method is unavailable.
 */
export function creditorFor(tenant: Tenant, provider: string, local: boolean): Creditor {
  const sepa = tenant.payments.sepa;
  if (provider === 'sepa' && sepa) return { name: sepa.creditor_name, id: normalizeCreditorId(sepa.creditor_id), leadDays: sepa.lead_days };
  if (local && provider !== 'sepa') return { name: 'Sandbox Payments (local)', id: 'DE98ZZZ09999999999', leadDays: 2 };
  throw new ApiFailure(400, 'method_unavailable', 'errors.method_unavailable');
}

/** What the token binds: any change between the preview and the code is refused. */
export interface MandateTerms {
  tenant: string;
  member: number;
  package_id: number;
  amount: number;
  currency: string;
  reference: string;
  creditor_id: string;
  debit_date: string;
  /** SHA-256 of the normalised IBAN: the mandate is for this account only. */
  account: string;
  expires: number;
}

export const accountHash = (iban: string) => sha256Hex(`mandate-account:${normalizeIban(iban)}`);

/** A new mandate's terms: a fresh reference, the debit date by the creditor's lead days, valid for half an hour. */
export async function newTerms(
  tenant: Tenant,
  memberId: number,
  creditor: Creditor,
  order: { package_id: number; amount: number; currency: string; iban: string },
  now: Date,
): Promise<MandateTerms> {
  return {
    tenant: tenant.id,
    member: memberId,
    package_id: order.package_id,
    amount: order.amount,
    currency: order.currency,
    reference: mandateReference(tenant.id, crypto.getRandomValues(new Uint8Array(10))),
    creditor_id: creditor.id,
    debit_date: sepaDebitDate(now, creditor.leadDays),
    account: await accountHash(order.iban),
    expires: now.getTime() + MANDATE_TOKEN_MINUTES * 60_000,
  };
}

const sign = (secret: string, payload: string) => hmacSha256Hex(secret, `mandate-token:${payload}`);

export async function signTerms(secret: string, terms: MandateTerms): Promise<string> {
  const payload = base64url(new TextEncoder().encode(JSON.stringify(terms)));
  return `${payload}.${await sign(secret, payload)}`;
}

/**
 * The terms of a token the preview made for this member's order, or a refusal in the member's language: a token that
 * does not verify (forged, cut, another brand's) or names another member, package, amount or account is
 * 'mandate_invalid' ("read the mandate again"); an old one is 'mandate_expired'.
 */
export async function verifyTerms(
  secret: string,
  token: string,
  expected: { tenant: string; member: number; package_id: number; amount: number; currency: string; iban: string },
  now: Date,
): Promise<MandateTerms> {
  const invalid = new ApiFailure(400, 'mandate_invalid', 'errors.mandate_invalid');
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid;
  const good = await sign(secret, payload);
  // Both are hex of the same length: compare without an early exit.
  let diff = good.length ^ signature.length;
  for (let i = 0; i < good.length; i++) diff |= good.charCodeAt(i) ^ (signature.charCodeAt(i) || 0);
  if (diff !== 0) throw invalid;
  let terms: MandateTerms;
  try {
    terms = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as MandateTerms;
  } catch {
    throw invalid;
  }
  const same =
    terms.tenant === expected.tenant &&
    terms.member === expected.member &&
    terms.package_id === expected.package_id &&
    terms.amount === expected.amount &&
    terms.currency === expected.currency &&
    terms.account === (await accountHash(expected.iban)) &&
    typeof terms.reference === 'string' &&
    isMandateReference(terms.reference);
  if (!same) throw invalid;
  if (!(terms.expires > now.getTime())) throw new ApiFailure(400, 'mandate_expired', 'errors.mandate_expired');
  return terms;
}

/** The preview's answer: the parts of the mandate text and the token. */
export function previewAnswer(creditor: Creditor, terms: MandateTerms, holder: string, maskedIban: string, token: string) {
  return {
    creditor_name: creditor.name,
    creditor_id: creditor.id,
    mandate_reference: terms.reference,
    holder,
    iban: maskedIban,
    amount: terms.amount,
    currency: terms.currency,
    debit_date: terms.debit_date,
    refund_weeks: SEPA_REFUND_WEEKS,
    token,
    expires_at: new Date(terms.expires).toISOString(),
  };
}

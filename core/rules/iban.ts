/**
 * IBAN check of the direct-debit form (SPEC.md §3): the country's length and the ISO 13616 mod-97 check digits.
 * Catches typing errors before an SMS code is sent; whether the account exists only the bank knows.
 */
const LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  IE: 22,
  IT: 27,
  LU: 20,
  NL: 18,
  NO: 15,
  PL: 28,
  SE: 24,
};

/** Upper case without spaces, as stored and sent to the provider. */
export const normalizeIban = (iban: string) => iban.replace(/[\s-]+/g, '').toUpperCase();

export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const expected = LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  // Move the first four characters to the end, letters become 10..35, and the number mod 97 must be 1.
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** 'NL91 •••• 4300': enough to recognise one's own account, not enough to use it. */
export function maskIban(input: string): string {
  const iban = normalizeIban(input);
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

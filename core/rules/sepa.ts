/**
 * SEPA direct debit with the brand as its own creditor (docs/decisions/013-adult-acquirers.md, "SEPA: the brand as
 * creditor"): the creditor identifier's check, the debit date that the mandate text and the pre-notification promise,
 * and the shape of a mandate reference.
 */

/** Letters count as 10..35 and the number mod 97 (ISO 7064, as for ISO 13616 IBANs). */
function mod97(text: string): number {
  const digits = text.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/** Upper case without spaces, as the pain.008 file and the mandate text show it. */
export const normalizeCreditorId = (id: string) => id.replace(/\s+/g, '').toUpperCase();

/**
 * A SEPA Creditor Identifier (EPC262-08): country, two check digits, a three-character business code that the check
 * leaves out, and the national identifier. The check digits are ISO 13616's over the national identifier followed by
 * the country and the digits: mod 97 is 1 (DE98ZZZ09999999999, the Bundesbank's test identifier, passes; the
 * NL98ZZZ999999999999 of many code samples does not: its digits would be 57).
 */
export function isValidCreditorId(input: string): boolean {
  const id = normalizeCreditorId(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id) || id.length > 35) return false;
  return mod97(id.slice(7) + id.slice(0, 4)) === 1;
}

const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Easter Sunday of a year (the anonymous Gregorian algorithm), as UTC midnight. */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/**
 * A TARGET2 business day, the calendar SEPA direct debits settle on: Monday to Friday except New Year's Day, Good
 * Friday, Easter Monday, 1 May, 25 and 26 December.
 */
export function isSepaBusinessDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const md = ymd(date).slice(5);
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return false;
  const sunday = easter(date.getUTCFullYear());
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return day !== sunday - 2 * DAY && day !== sunday + DAY;
}

/**
 * The day the debit is collected (YYYY-MM-DD): `leadDays` SEPA business days after the day of `now` (UTC, at least
 * one), so the creditor's file reaches the bank in time (CORE: one business day before the collection date since
 * 2016, more at banks that ask for it) and the member knows the date before it comes. The same rule gives the mandate
 * text's date, the pain.008 file's ReqdColltnDt and the pre-notification's.
 */
export function sepaDebitDate(now: Date, leadDays: number): string {
  let day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let left = Math.max(1, leadDays);
  while (left > 0) {
    day += DAY;
    if (isSepaBusinessDay(new Date(day))) left--;
  }
  return ymd(new Date(day));
}

/** The refund right of a SEPA CORE debit that the mandate text states: eight weeks from the debit, no reason asked. */
export const SEPA_REFUND_WEEKS = 8;

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A mandate reference (MndtId, at most 35 characters of the SEPA Latin set): the brand's short prefix and 16
 * characters from 80 random bits (Crockford's base32: no I, L, O, U to misread on a bank statement). Unique per brand
 * by chance and by the database's unique index on it.
 */
export function mandateReference(tenantId: string, random: Uint8Array): string {
  const prefix =
    tenantId
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 8)
      .toUpperCase() || 'SEPA';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of random.slice(0, 10)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += REFERENCE_ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return `${prefix}-${out}`;
}

/** A text of the SEPA Latin character set and a mandate reference's length. */
export const isMandateReference = (text: string) => /^[A-Za-z0-9+?/:().,' -]{1,35}$/.test(text);

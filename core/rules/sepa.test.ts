import { describe, expect, it } from 'vitest';
import { isMandateReference, isSepaBusinessDay, isValidCreditorId, mandateReference, sepaDebitDate } from './sepa';

describe('the SEPA creditor identifier', () => {
  it("accepts identifiers whose check digits hold: the Bundesbank's test identifier, a Dutch one", () => {
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
    expect(isValidCreditorId('NL57ZZZ999999999999')).toBe(true);
    expect(isValidCreditorId('nl57 zzz 9999 9999 9999')).toBe(true);
  });
  it('leaves the business code out of the check, as the rulebook says', () => {
    expect(isValidCreditorId('NL57ABC999999999999')).toBe(true);
  });
  it('refuses the placeholder NL98ZZZ999999999999 seen in code samples: its check digits are wrong (57 is right)', () => {
    expect(isValidCreditorId('NL98ZZZ999999999999')).toBe(false);
  });
  it('refuses wrong check digits, a typo in the identifier and a wrong shape', () => {
    expect(isValidCreditorId('NL56ZZZ999999999999')).toBe(false);
    expect(isValidCreditorId('NL57ZZZ999999999998')).toBe(false);
    expect(isValidCreditorId('NL98ZZZ')).toBe(false);
    expect(isValidCreditorId('9898ZZZ999999999999')).toBe(false);
  });
});

describe('the debit date', () => {
  it('counts business days, skipping the weekend', () => {
    // Thursday 2026-12-03 + 2 business days: Friday, then Monday.
    expect(sepaDebitDate(new Date('2026-12-03T15:00:00Z'), 2)).toBe('2026-12-07');
    expect(sepaDebitDate(new Date('2026-12-05T09:00:00Z'), 1)).toBe('2026-12-07');
  });
  it('skips the TARGET2 holidays: Christmas, New Year, Good Friday, Easter Monday, 1 May', () => {
    expect(sepaDebitDate(new Date('2026-12-24T10:00:00Z'), 1)).toBe('2026-12-28');
    expect(sepaDebitDate(new Date('2026-12-31T10:00:00Z'), 1)).toBe('2027-01-04');
    // Easter 2027 is 28 March: Good Friday 26 March and Easter Monday 29 March are closed.
    expect(isSepaBusinessDay(new Date('2027-03-26T00:00:00Z'))).toBe(false);
    expect(isSepaBusinessDay(new Date('2027-03-29T00:00:00Z'))).toBe(false);
    expect(sepaDebitDate(new Date('2027-03-25T10:00:00Z'), 1)).toBe('2027-03-30');
    expect(isSepaBusinessDay(new Date('2026-05-01T00:00:00Z'))).toBe(false);
    expect(isSepaBusinessDay(new Date('2026-04-30T00:00:00Z'))).toBe(true);
  });
  it('is never today, whatever lead days a tenant file says', () => {
    expect(sepaDebitDate(new Date('2026-12-01T10:00:00Z'), 0)).toBe('2026-12-02');
  });
});

describe('the mandate reference', () => {
  it("is the brand's prefix and 16 characters without look-alikes, within the SEPA character set", () => {
    expect(mandateReference('flirtlokaal', new Uint8Array(10).fill(255))).toBe('FLIRTLOK-ZZZZZZZZZZZZZZZZ');
    const random = mandateReference('flirtlokaal', crypto.getRandomValues(new Uint8Array(10)));
    expect(random).toMatch(/^FLIRTLOK-[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(isMandateReference(random)).toBe(true);
    expect(isMandateReference('<script>')).toBe(false);
  });
});

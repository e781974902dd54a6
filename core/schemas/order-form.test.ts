import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ComplaintSchema } from './complaints';
import { DirectDebitConfirmSchema, DirectDebitSchema } from './order-form';
import { OrderRequestSchema } from './payments';

/** The first issue's message per field: what the form shows beside each field. */
function messages(result: ReturnType<typeof safeParse>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('the direct-debit form (zod/mini, checked in the browser and in the worker)', () => {
  const form = {
    package_id: 2,
    amount: 1995,
    currency: 'EUR',
    code: ' welkom10 ',
    holder: '  J. de Vries ',
    iban: 'NL91ABNA0417164300',
    street: 'Dam',
    house_number: '1',
    zip: '1012 JS',
    city: 'Amsterdam',
    phone: '+31 6 12345678',
    consent: true,
  };

  it('trims the fields and compares the discount code in capitals', () => {
    const parsed = safeParse(DirectDebitSchema, form);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ code: 'WELKOM10', holder: 'J. de Vries', zip: '1012 JS' });
  });

  it("names each wrong field with the catalogue's message", () => {
    const parsed = safeParse(DirectDebitSchema, {
      ...form,
      holder: '   ',
      iban: 'NL91ABNA0417164301',
      zip: '1',
      phone: 'call me',
      consent: false,
    });
    expect(parsed.success).toBe(false);
    expect(messages(parsed)).toMatchObject({
      holder: 'validation.field_required',
      iban: 'validation.iban_invalid',
      zip: 'validation.zip_invalid',
      phone: 'validation.phone_invalid',
      consent: 'validation.consent_required',
    });
  });

  it('takes only six digits as the SMS code', () => {
    expect(safeParse(DirectDebitConfirmSchema, { request_id: 4, otp: ' 123456 ' }).data).toEqual({ request_id: 4, otp: '123456' });
    expect(messages(safeParse(DirectDebitConfirmSchema, { request_id: 4, otp: '12345' }))).toEqual({ otp: 'errors.code_invalid' });
    expect(safeParse(DirectDebitConfirmSchema, { request_id: 0, otp: '123456' }).success).toBe(false);
  });

  it('shares the discount code and currency rules with the checkout', () => {
    const order = { package_id: 2, amount: 1995, currency: 'EUR', method: 'ideal', code: 'zomer ', consent: true };
    expect(safeParse(OrderRequestSchema, order).data?.code).toBe('ZOMER');
    expect(safeParse(OrderRequestSchema, { ...order, currency: 'eur' }).success).toBe(false);
    expect(safeParse(OrderRequestSchema, { ...order, code: 'x'.repeat(41) }).success).toBe(false);
  });
});

describe('the complaint form', () => {
  const complaint = {
    subject: 'Nepprofiel',
    text: 'Dit profiel vraagt steeds om geld.\nGraag bekijken.',
    name: 'Anna',
    email: 'Anna@Example.nl',
  };

  it('keeps line breaks in the text, drops an empty "concerns" and lowercases the address', () => {
    const parsed = safeParse(ComplaintSchema, { ...complaint, concerns: '  ' });
    expect(parsed.data).toEqual({ ...complaint, concerns: undefined, email: 'anna@example.nl' });
  });

  it('refuses control characters in one-line fields and a text that is too short', () => {
    const parsed = safeParse(ComplaintSchema, { ...complaint, subject: 'Hallo\r\nBcc: x@y.nl', text: 'te kort' });
    expect(messages(parsed)).toEqual({ subject: 'validation.invalid', text: 'validation.complaint_text' });
  });
});

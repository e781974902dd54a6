import { describe, expect, it } from 'vitest';
import { PASSWORD, call, signUp, signupBody } from './account-helpers';
import { fetchBrand } from './helpers';
import nl from '../../locales/nl.json';

// Issue 46 item 6: forms say which field is wrong, in words that fit the question.
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const LANGUAGES = ['da', 'de', 'en-US', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
const catalogue = async (language: string) => (await import(`../../locales/${language}.json`)).default as typeof nl;

describe('form wording', () => {
  it('"Ik ben een" is answered with one person, whom one seeks with the plural', async () => {
    const res = await call('flirtlokaal', 'POST', '/api/signup.php', signupBody({ gender: 'robot' }), undefined, {
      'CF-Connecting-IP': '203.0.113.240',
    });
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.error.fields?.gender).toBe('Kies vrouw of man.');
    const search = await fetchBrand('flirtlokaal', '/api/featured.php?gender=robot', { country: 'NL' });
    expect((await search.json<ErrorBody>()).error.fields?.gender).toBe('Kies vrouwen of mannen.');
  });

  it('an e-mail change and a deletion ask for the current password; a password change for the old one', async () => {
    const member = await signUp();
    const mail = await call(
      'flirtlokaal',
      'POST',
      '/api/mail-change.php',
      { new_email: 'nieuw@example.com', password: 'Fout-wachtwoord-9' },
      member.cookie,
    );
    expect(mail.status).toBe(400);
    expect((await mail.json<ErrorBody>()).error.fields?.password).toBe('Controleer je huidige wachtwoord.');
    const remove = await call(
      'flirtlokaal',
      'POST',
      '/api/delete-account.php',
      { password: 'Fout-wachtwoord-9', reason: 'taking_break' },
      member.cookie,
    );
    expect((await remove.json<ErrorBody>()).error.fields?.password).toBe('Controleer je huidige wachtwoord.');
    const change = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: 'Fout-wachtwoord-9', password: 'Nieuw-wachtwoord-2', password_confirm: 'Nieuw-wachtwoord-2' },
      member.cookie,
    );
    expect((await change.json<ErrorBody>()).error.message).toBe('Controleer je oude wachtwoord.');
    void PASSWORD;
  });

  it('a search with the minimum age above the maximum names the age field', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/search.php?min_age=50&max_age=30', { country: 'NL' });
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body.error.message).toBe('Controleer de gemarkeerde velden.');
    expect(body.error.fields?.max_age).toBe('De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd.');
  });

  it('calls the welcome discount a discount, and the fictional notice is a sentence, in every language', async () => {
    const fictional = 'fictieve profielen';
    const text = nl.pay.fictional.replace('{{plural}}', fictional);
    expect(text).not.toContain(`profielen is ${fictional}`);
    expect(text).toContain('een deel van de profielen is fictief');
    for (const key of ['banner', 'big', 'unlock', 'act_fast', 'button', 'instant'] as const) {
      expect(nl.time_bonus[key], key).not.toMatch(/bonus/i);
    }
    for (const language of LANGUAGES) {
      const { time_bonus, pay } = await catalogue(language);
      expect(time_bonus.big, language).not.toMatch(/bonus|bono|bonuksen|bonussen/i);
      // The plural is no longer the predicate of "some profiles are …".
      expect(pay.fictional.indexOf('{{plural}}'), language).toBeGreaterThan(pay.fictional.search(/[.:]/));
    }
  });

  it('a typed /settings leads to the settings', async () => {
    const member = await signUp();
    const res = await fetchBrand('flirtlokaal', '/settings?x=1', { redirect: 'manual', headers: { Cookie: member.cookie } });
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/notifications?x=1');
    const page = await fetchBrand('flirtlokaal', '/notifications', { headers: { Cookie: member.cookie } });
    expect(await page.text()).toContain('data-testid="settings"');
  });
});

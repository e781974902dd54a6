import { describe, expect, it } from 'vitest';
import { api, json, settledMember } from './payment-helpers';
import { DAYTIME } from './helpers';

// Issue 45 item 4: in DE and AT the final order button reads the market rule's words (§ 312j (3) BGB; EuGH C-249/21:
// only the words on the button count), in the page's language; elsewhere the catalogue's own text.

const packages = async (brand: string, country: string, cookie?: string, language?: string) =>
  json(
    await api(brand, 'GET', '/api/packages.php', {
      country,
      cookie: [cookie, language && `i18n_redirected=${language}`].filter(Boolean).join('; ') || undefined,
    }),
  );

/** The text of the checkout's submit button, as the server renders it. */
async function buttonOf(brand: string, country: string, path: string, cookie: string): Promise<string> {
  const html = await (await api(brand, 'GET', path, { country, cookie, headers: DAYTIME })).text();
  const button = /<button type="submit"[^>]*>([^<]*)<\/button>/.exec(html);
  expect(button, `a submit button on ${path}`).not.toBeNull();
  return button![1];
}

describe('the order button the law prescribes', () => {
  it('packages.php gives the words for DE and AT, in the page language, and none elsewhere', async () => {
    expect((await packages('reifekontakte', 'DE')).order_button).toBe('Zahlungspflichtig bestellen');
    expect((await packages('reifekontakte', 'AT')).order_button).toBe('Zahlungspflichtig bestellen');
    expect((await packages('reifekontakte', 'DE', undefined, 'en')).order_button).toBe('Order with obligation to pay');
    expect((await packages('reifekontakte', 'DE', undefined, 'fr')).order_button).toBe('Commande avec obligation de paiement');
    expect((await packages('reifekontakte', 'CH')).order_button).toBeNull();
    expect((await packages('flirtlokaal', 'NL')).order_button).toBeNull();
    expect((await packages('velvetnights', 'GB')).order_button).toBeNull();
  });

  it("a German member's checkout button reads 'Zahlungspflichtig bestellen'; a Swiss and a Dutch one keep 'Bezahlen' / 'Betalen'", async () => {
    const de = await settledMember('reifekontakte');
    expect(await buttonOf('reifekontakte', 'DE', '/credits/2/creditcard', de.cookie)).toBe('Zahlungspflichtig bestellen');
    expect(await buttonOf('reifekontakte', 'AT', '/credits/2/creditcard', de.cookie)).toBe('Zahlungspflichtig bestellen');
    // A member's shop is their currency's (issue 46 item 4): a Swiss member pays in francs, under Swiss rules.
    const ch = await settledMember('reifekontakte', 'CHF');
    expect(await buttonOf('reifekontakte', 'CH', '/credits/12/creditcard', ch.cookie)).toBe('Bezahlen');
    const nl = await settledMember('flirtlokaal');
    const dutch = await buttonOf('flirtlokaal', 'NL', '/credits/2/ideal', nl.cookie);
    expect(dutch).not.toBe('Zahlungspflichtig bestellen');
    expect(dutch).toBe('Betalen');
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, signUp } from './account-helpers';

// Issue 17, items 6 and 9: marketing e-mail is opt-in, and every consent is logged with its time and text version.
type Settings = { email: Record<string, boolean>; push: Record<string, boolean> };
const consents = (memberId: number) =>
  env.DB.prepare('SELECT kind, granted, version, text, language, created_at FROM consents WHERE member_id = ? ORDER BY id')
    .bind(memberId)
    .all<{ kind: string; granted: number; version: string; text: string; language: string; created_at: string }>()
    .then((r) => r.results);

describe('consent', () => {
  it('leaves marketing e-mail off for a new member who did not tick the box; the other types keep their defaults', async () => {
    const { cookie, user } = await signUp('flirtlokaal');
    const settings = await (await call('flirtlokaal', 'GET', '/api/notifications.php', undefined, cookie)).json<Settings>();
    expect(settings.email).toEqual({ messages: true, likes: true, matches: true, news: false });
    expect(settings.push.news).toBe(false);
    const log = await consents(user.id);
    expect(log.map((c) => [c.kind, c.granted])).toEqual([
      ['terms', 1],
      ['marketing', 0],
    ]);
    expect(log[0].version).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(log[0].text).toContain('Algemene voorwaarden');
    expect(log[1].text).toContain('nieuws en aanbiedingen van Flirtlokaal');
    expect(log[1].language).toBe('nl');
  });

  it('turns marketing e-mail on only when the member ticks the box, and logs each later change', async () => {
    const { cookie, user } = await signUp('flirtlokaal', { marketing: true });
    let settings = await (await call('flirtlokaal', 'GET', '/api/notifications.php', undefined, cookie)).json<Settings>();
    expect(settings.email.news).toBe(true);
    const off = await call('flirtlokaal', 'PUT', '/api/notifications.php', { email: { news: false } }, cookie);
    expect(off.status).toBe(200);
    settings = await (await call('flirtlokaal', 'GET', '/api/notifications.php', undefined, cookie)).json<Settings>();
    expect(settings.email.news).toBe(false);
    // Another type's change is no consent.
    await call('flirtlokaal', 'PUT', '/api/notifications.php', { email: { likes: false } }, cookie);
    const log = await consents(user.id);
    expect(log.map((c) => [c.kind, c.granted])).toEqual([
      ['terms', 1],
      ['marketing', 1],
      ['marketing', 0],
    ]);
    expect(log.every((c) => c.version && c.created_at)).toBe(true);
  });
});

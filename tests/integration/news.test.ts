import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { call, mailCount, signUp } from './account-helpers';
import { fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Issue 46, item 13: the "news" choices of the notification settings control something real. A brand's admin sends
// its news from the workspace; it reaches by e-mail exactly the members who chose news by e-mail (the marketing
// consent), by push those who chose it by push; each mail's unsubscribe link works without logging in, switches off
// news alone and logs the withdrawn consent with its time and source.

declare const __TEST_PUSH_SINK_PORT__: number;
const SINK = `http://127.0.0.1:${__TEST_PUSH_SINK_PORT__}`;
const BRAND = 'flirtlokaal';
type Settings = { email: Record<string, boolean>; push: Record<string, boolean> };

/** A member of the brand who confirmed their address; `marketing`: the signup's news box ticked. */
async function member(marketing: boolean) {
  const m = await signUp(BRAND, { marketing });
  await env.DB.prepare("UPDATE members SET status = 'confirmed' WHERE id = ?").bind(m.user.id).run();
  return m;
}

const newsMails = (to: string) =>
  env.DB.prepare("SELECT subject, text_body, html_body, headers FROM outbox WHERE recipient = ? AND template = 'news' ORDER BY id")
    .bind(to)
    .all<{ subject: string; text_body: string; html_body: string; headers: string }>()
    .then((r) => r.results);

let posts = 0;
const post = (cookie: string, subject = 'Zomeravonden op Flirtlokaal') =>
  staffApi(BRAND, 'POST', 'news.php', {
    cookie,
    body: {
      brand: BRAND,
      subject,
      body: 'Deze week staan er 120 nieuwe profielen in je regio. Kijk snel wie er online is.',
      request_id: `news-${++posts}-x`,
    },
  });

describe("a brand's news", () => {
  it('mails only the members who chose news; the mail says why and unsubscribes with one click, without logging in', async () => {
    const wants = await member(true);
    const not = await member(false);
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);

    const res = await post(cookie);
    expect(res.status).toBe(201);
    const sent = (await res.json()) as { id: number; mails: number; pushes: number; repeated: boolean };
    expect(sent.repeated).toBe(false);
    expect(sent.mails).toBeGreaterThanOrEqual(1);
    expect(await mailCount(BRAND, wants.email, 'news')).toBe(1);
    expect(await mailCount(BRAND, not.email, 'news')).toBe(0);

    const [mail] = await newsMails(wants.email);
    expect(mail.subject).toBe('Zomeravonden op Flirtlokaal');
    expect(mail.text_body).toContain('Deze week staan er 120 nieuwe profielen in je regio.');
    expect(mail.text_body).toContain('omdat je nieuws en aanbiedingen van Flirtlokaal wilt ontvangen');
    const headers = JSON.parse(mail.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
    expect(mail.text_body).toContain(url.href);

    // A mail client's one-click POST: no cookie, no login.
    const page = await fetchBrand(BRAND, url.pathname + url.search);
    expect(await page.text()).toContain('Nieuws en aanbiedingen');
    const off = await fetchBrand(BRAND, url.pathname + url.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    const settings = (await (await call(BRAND, 'GET', '/api/notifications.php', undefined, wants.cookie)).json()) as Settings;
    expect(settings.email).toEqual({ messages: true, likes: true, matches: true, news: false });

    // The consent log: given at signup, withdrawn by the link, each with its time and source; a second click logs nothing.
    await fetchBrand(BRAND, url.pathname + url.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    const { results: log } = await env.DB.prepare(
      "SELECT granted, source, created_at FROM consents WHERE member_id = ? AND kind = 'marketing' ORDER BY id",
    )
      .bind(wants.user.id)
      .all<{ granted: number; source: string; created_at: string }>();
    expect(log.map((c) => [c.granted, c.source])).toEqual([
      [1, 'signup'],
      [0, 'unsubscribe'],
    ]);
    expect(log.every((c) => /^\d{4}-\d{2}-\d{2}T/.test(c.created_at))).toBe(true);

    // The next news does not reach them.
    expect((await post(cookie, 'Nog meer nieuws')).status).toBe(201);
    expect(await mailCount(BRAND, wants.email, 'news')).toBe(1);
  }, 30_000);

  it('sends a repeated form once, and only an admin of the brand may send', async () => {
    const wants = await member(true);
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const body = {
      brand: BRAND,
      subject: 'Eenmalig nieuws',
      body: 'Dit bericht hoort maar één keer aan te komen.',
      request_id: 'news-once-1',
    };
    const first = (await (await staffApi(BRAND, 'POST', 'news.php', { cookie, body })).json()) as { id: number; repeated: boolean };
    const again = (await (await staffApi(BRAND, 'POST', 'news.php', { cookie, body })).json()) as { id: number; repeated: boolean };
    expect(again).toMatchObject({ id: first.id, repeated: true });
    expect(await mailCount(BRAND, wants.email, 'news')).toBe(1);

    const operator = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const refused = await staffApi(BRAND, 'POST', 'news.php', { cookie: operator.cookie, body: { ...body, request_id: 'news-operator' } });
    expect(refused.status).toBe(403);
    expect(await mailCount(BRAND, wants.email, 'news')).toBe(1);
  });

  it('pushes the news to members who chose news by push, and to no one else', async () => {
    const sinkSubscription = async () => {
      const res = await fetch(`${SINK}/new/push`, { method: 'POST' });
      return (await res.json()) as { id: string; subscription: unknown };
    };
    const subscribe = (cookie: string, subscription: unknown) =>
      call(BRAND, 'POST', '/api/user.php?push=1', { subscription }, cookie, { 'X-Request-Type': 'client' });
    const wants = await member(false);
    const not = await member(false);
    const a = await sinkSubscription();
    const b = await sinkSubscription();
    expect((await subscribe(wants.cookie, a.subscription)).status).toBe(201);
    expect((await subscribe(not.cookie, b.subscription)).status).toBe(201);
    expect((await call(BRAND, 'PUT', '/api/notifications.php', { push: { news: true } }, wants.cookie)).status).toBe(200);

    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const res = await post(cookie, 'Push-nieuws');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { pushes: number }).pushes).toBeGreaterThanOrEqual(1);
    const received = await vi.waitFor(async () => {
      const { received } = (await (await fetch(`${SINK}/received/${a.id}`)).json()) as { received: any[] };
      if (!received.length) throw new Error('nothing pushed yet');
      return received;
    });
    expect(received[0].payload).toMatchObject({ type: 'news', title: 'Push-nieuws', openUrl: '/members' });
    const other = (await (await fetch(`${SINK}/received/${b.id}`)).json()) as { received: any[] };
    expect(other.received).toEqual([]);
  });
});

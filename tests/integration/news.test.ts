import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { deliverNews } from '../../worker/staff/news/news-queue';
import type { NewsMessage } from '../../worker/staff/news/news';
import { TENANTS } from '../../worker/tenants';
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

type Overview = {
  audience: { mails: number; pushes: number };
  posts: { id: number; subject: string; status: string; queued_mails: number; queued_pushes: number; mails: number; pushes: number }[];
};
const overview = async (cookie: string) => (await (await staffApi(BRAND, 'GET', `news.php?brand=${BRAND}`, { cookie })).json()) as Overview;

/** Waits until the post's every batch is through: the workspace then shows it as sent, with what went out. */
const sentPost = (cookie: string, id: number) =>
  vi.waitFor(
    async () => {
      const post = (await overview(cookie)).posts.find((p) => p.id === id);
      if (post?.status !== 'sent') throw new Error(`post ${id} is ${post?.status}`);
      return post;
    },
    { timeout: 20_000, interval: 200 },
  );

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
    const sent = (await res.json()) as { id: number; status: string; mails: number; pushes: number; repeated: boolean };
    // Queued, not sent inside the request: the answer says how many it was queued for.
    expect(sent).toMatchObject({ status: 'queued', repeated: false });
    expect(sent.mails).toBeGreaterThanOrEqual(1);
    await sentPost(cookie, sent.id);
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
    const next = await post(cookie, 'Nog meer nieuws');
    expect(next.status).toBe(201);
    await sentPost(cookie, ((await next.json()) as { id: number }).id);
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
    await sentPost(cookie, first.id);
    expect(await mailCount(BRAND, wants.email, 'news')).toBe(1);

    const operator = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const refused = await staffApi(BRAND, 'POST', 'news.php', { cookie: operator.cookie, body: { ...body, request_id: 'news-operator' } });
    expect(refused.status).toBe(403);
    expect((await staffApi(BRAND, 'GET', `news.php?brand=${BRAND}`, { cookie: operator.cookie })).status).toBe(403);
    expect(await mailCount(BRAND, wants.email, 'news')).toBe(1);
  }, 30_000);

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
    const received = await vi.waitFor(
      async () => {
        const { received } = (await (await fetch(`${SINK}/received/${a.id}`)).json()) as { received: any[] };
        if (!received.length) throw new Error('nothing pushed yet');
        return received;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(received[0].payload).toMatchObject({ type: 'news', title: 'Push-nieuws', openUrl: '/members' });
    const other = (await (await fetch(`${SINK}/received/${b.id}`)).json()) as { received: any[] };
    expect(other.received).toEqual([]);

    // Queues delivers at least once: the same batch delivered again (twice at once, too) pushes no one again.
    const { id } = (await overview(cookie)).posts.find((p) => p.subject === 'Push-nieuws')!;
    await sentPost(cookie, id);
    await env.DB.prepare('UPDATE news_batches SET done_at = NULL WHERE news_id = ?').bind(id).run();
    await Promise.all([redeliver(id), redeliver(id)]);
    const again = (await (await fetch(`${SINK}/received/${a.id}`)).json()) as { received: any[] };
    expect(again.received).toHaveLength(1);
  }, 30_000);
});

/** The batches of a post, handed to the NEWS queue's consumer again as Queues would on a retry. */
async function redeliver(news: number) {
  const { results } = await env.DB.prepare('SELECT first_member, last_member FROM news_batches WHERE news_id = ?')
    .bind(news)
    .all<{ first_member: number; last_member: number }>();
  const acked: string[] = [];
  const messages = results.map((b) => ({
    id: `${news}-${b.first_member}`,
    timestamp: new Date(),
    attempts: 2,
    body: { tenant: BRAND, news, first: b.first_member, last: b.last_member } satisfies NewsMessage,
    ack: () => acked.push(`${news}-${b.first_member}`),
    retry: () => undefined,
  }));
  const tenant = TENANTS.find((t) => t.id === BRAND)!;
  await deliverNews({ queue: 'news', messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<NewsMessage>, () => ({
    tenant,
    env,
  }));
  return { batches: results.length, acked };
}

describe("a large brand's news", () => {
  it('goes out off the request in batches: each member who chose it gets exactly one mail, the others none, also when batches are delivered again', async () => {
    const at = new Date().toISOString();
    // 230 members who chose news by e-mail (three batches of 100 at most), and some who did not or cannot get it.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 230)
       INSERT INTO members (tenant_id, email, status, credits, paid_user, signup_date, created_at, notification_prefs)
       SELECT ?1, 'bulk-' || i || '@news.test', 'confirmed', 0, 0, ?2, ?2, '{"email":{"news":true}}' FROM n`,
    )
      .bind(BRAND, at)
      .run();
    const others = [
      ['no-consent@news.test', 'confirmed', '{"email":{"news":false}}', null],
      ['unconfirmed@news.test', 'not_confirmed', '{"email":{"news":true}}', null],
      ['bounced@news.test', 'confirmed', '{"email":{"news":true}}', 'bounce'],
    ];
    for (const [email, status, prefs, reason] of others)
      await env.DB.prepare(
        `INSERT INTO members (tenant_id, email, status, credits, paid_user, signup_date, created_at, notification_prefs, email_disabled_reason)
         VALUES (?, ?, ?, 0, 0, ?, ?, ?, ?)`,
      )
        .bind(BRAND, email, status, at, at, prefs, reason)
        .run();
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);

    const before = await overview(cookie);
    expect(before.audience.mails).toBeGreaterThanOrEqual(230);
    const res = await post(cookie, 'Nieuws voor iedereen');
    expect(res.status).toBe(201);
    const queued = (await res.json()) as { id: number; status: string; mails: number };
    expect(queued).toMatchObject({ status: 'queued', mails: before.audience.mails });

    const done = await sentPost(cookie, queued.id);
    expect(done).toMatchObject({ queued_mails: before.audience.mails, mails: before.audience.mails });
    const perRecipient = async () =>
      (
        await env.DB.prepare(
          `SELECT recipient, COUNT(*) AS n FROM outbox o JOIN news_deliveries d ON d.member_id = o.member_id AND d.news_id = ?1 AND d.channel = 'mail'
            WHERE o.template = 'news' AND o.tenant_id = ?2 AND o.created_at >= ?3 GROUP BY recipient`,
        )
          .bind(queued.id, BRAND, at)
          .all<{ recipient: string; n: number }>()
      ).results;
    const first = await perRecipient();
    expect(first.filter((r) => r.recipient.startsWith('bulk-'))).toHaveLength(230);
    expect(first.every((r) => r.n === 1)).toBe(true);
    for (const [email] of others) expect(await mailCount(BRAND, email as string, 'news'), email as string).toBe(0);

    // Every batch delivered again, twice at once, as a retry or a requeue would: no one is mailed a second time.
    await env.DB.prepare('UPDATE news_batches SET done_at = NULL WHERE news_id = ?').bind(queued.id).run();
    const [again] = await Promise.all([redeliver(queued.id), redeliver(queued.id)]);
    expect(again.batches).toBeGreaterThanOrEqual(3);
    expect(again.acked).toHaveLength(again.batches);
    const second = await perRecipient();
    expect(second).toEqual(first);
    expect(await mailCount(BRAND, 'bulk-17@news.test', 'news')).toBe(1);
    expect((await overview(cookie)).posts.find((p) => p.id === queued.id)).toMatchObject({ status: 'sent', mails: before.audience.mails });
  }, 60_000);

  it('keeps the paragraphs and line breaks of the text in the HTML mail', async () => {
    const wants = await member(true);
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const res = await staffApi(BRAND, 'POST', 'news.php', {
      cookie,
      body: { brand: BRAND, subject: 'Alinea’s', body: 'Hallo allemaal,\n\nEerste regel\nTweede regel <b>', request_id: 'news-lines-1' },
    });
    await sentPost(cookie, ((await res.json()) as { id: number }).id);
    const [mail] = await newsMails(wants.email);
    expect(mail.html_body).toContain('>Hallo allemaal,</p>');
    expect(mail.html_body).toContain('>Eerste regel<br>Tweede regel &lt;b&gt;</p>');
    expect(mail.text_body).toContain('Eerste regel\nTweede regel <b>');
  }, 30_000);
});

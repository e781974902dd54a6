import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { localTime } from '../../core/rules/notification-mail';
import { sendNotificationMails } from '../../worker/notifications/mailer';
import { memberHub, publishToMember } from '../../worker/live/events';
import { issueToken } from '../../worker/auth/tokens';
import { TENANTS } from '../../worker/tenants';
import { call } from './account-helpers';
import { BRAND, chatMember, fictionalProfile, send, textTo, type TestMember } from './chat-helpers';
import { fetchBrand } from './helpers';

// Notification e-mails (issue 18, items 1-3): a message, like or match the member missed becomes at most one mail
// per type per 4 hours, outside quiet hours, only when that type is switched on and the address is usable.

/** Midday in Amsterdam: 12:00 UTC in January is 13:00 there. */
const DAY = new Date('2030-01-15T12:00:00Z');
const hoursLater = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

interface OutboxRow {
  subject: string;
  text_body: string;
  html_body: string;
  headers: string;
  template: string;
}

async function mails(m: TestMember): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT subject, text_body, html_body, headers, template FROM outbox WHERE member_id = ? AND template LIKE 'notify_%' ORDER BY id",
  )
    .bind(m.memberId)
    .all<OutboxRow>();
  return results;
}

const pending = async (m: TestMember) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM notification_pending WHERE member_id = ?').bind(m.memberId).first<{ n: number }>())!.n;

/** A recipient who has been away for a while (no activity in the last 2 minutes), in `country`, called `name`. */
async function awayMember(name: string, country = 'NL', opts: Parameters<typeof chatMember>[0] = {}): Promise<TestMember> {
  const m = await chatMember(opts);
  await env.DB.prepare("UPDATE profiles SET name = ?, country = ?, city = 'Utrecht', last_active = '2020-01-01T00:00:00.000Z' WHERE id = ?")
    .bind(name, country, m.profileId)
    .run();
  return m;
}

async function sender(name: string): Promise<TestMember> {
  const m = await chatMember({ credits: 500 });
  await env.DB.prepare("UPDATE profiles SET name = ?, city = 'Amersfoort' WHERE id = ?").bind(name, m.profileId).run();
  return m;
}

/** Waits until the events of the requests (published in waitUntil) have left their pending rows. */
const pendingReaches = (m: TestMember, n: number) =>
  vi.waitFor(async () => expect(await pending(m)).toBe(n), { timeout: 5000, interval: 20 });

const away = (m: TestMember) =>
  env.DB.prepare("UPDATE profiles SET last_active = '2020-01-01T00:00:00.000Z' WHERE id = ?").bind(m.profileId).run();

describe('notification mails: links', () => {
  it("point at the local site on the port it is served on in local mode, else at the brand's first host", async () => {
    const [henk, b] = [await sender('Henk'), await awayMember('Bo')];
    await send(henk, textTo(b.profileId, 'hoi'));
    await pendingReaches(b, 1);
    const local = { ...env, APP_ENV: 'local', LOCAL_PORT: '8787' };
    expect((await sendNotificationMails(local, BRAND, b.memberId, DAY, false)).sent).toEqual(['messages']);
    const [mail] = await mails(b);
    expect(mail.text_body).toContain(`http://${BRAND}.localhost:8787/chats/`);
    expect(JSON.parse(mail.headers)['List-Unsubscribe']).toMatch(
      new RegExp(`^<http://${BRAND}\\.localhost:8787/api/unsubscribe\\.php\\?token=`),
    );
  });
});

describe('notification mails: batching', () => {
  it('turns 20 messages arriving at once from two senders into one mail, then waits 4 hours for the next', async () => {
    const [henk, daan] = [await sender('Henk'), await sender('Daan')];
    const b = await awayMember('Bea');
    await Promise.all(Array.from({ length: 20 }, (_, i) => send(i < 12 ? henk : daan, textTo(b.profileId, `hoi ${i}`))));
    await pendingReaches(b, 20);

    const first = await sendNotificationMails(env, BRAND, b.memberId, DAY, false);
    expect(first.sent).toEqual(['messages']);
    const [mail] = await mails(b);
    expect(mail.subject).toBe('20 nieuwe berichten van Henk en Daan');
    expect(mail.text_body).toContain('Henk, ');
    expect(mail.text_body).toContain('Amersfoort');
    // Two conversations: the button opens the chat list, on the brand's own host.
    expect(mail.text_body).toContain('https://flirtlokaal.nl/chats\n');
    const headers = JSON.parse(mail.headers);
    expect(headers['List-Unsubscribe']).toMatch(/^<https:\/\/flirtlokaal\.nl\/api\/unsubscribe\.php\?token=[^>]+>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await pending(b)).toBe(0);
    expect(
      await env.DB.prepare("SELECT mails, items FROM notification_mails WHERE member_id = ? AND type = 'messages'")
        .bind(b.memberId)
        .first(),
    ).toEqual({ mails: 1, items: 20 });

    // One more message an hour later: held for the batch window, mailed when it ends.
    await send(henk, textTo(b.profileId, 'nog een'));
    await pendingReaches(b, 1);
    const held = await sendNotificationMails(env, BRAND, b.memberId, hoursLater(DAY, 1), false);
    expect(held).toEqual({ sent: [], next: hoursLater(DAY, 4) });
    expect(await mails(b)).toHaveLength(1);
    expect((await sendNotificationMails(env, BRAND, b.memberId, hoursLater(DAY, 4), false)).sent).toEqual(['messages']);
    const second = (await mails(b))[1];
    expect(second.subject).toBe('Nieuw bericht van Henk');
    expect(second.text_body).toMatch(/https:\/\/flirtlokaal\.nl\/chats\/\d+\n/);
  });

  it('sends one mail when 20 runs decide at the same moment', async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea');
    await Promise.all(Array.from({ length: 5 }, (_, i) => send(henk, textTo(b.profileId, `hoi ${i}`))));
    await pendingReaches(b, 5);
    const runs = await Promise.all(Array.from({ length: 20 }, () => sendNotificationMails(env, BRAND, b.memberId, DAY, false)));
    expect(runs.filter((r) => r.sent.length > 0)).toHaveLength(1);
    expect(await mails(b)).toHaveLength(1);
    expect((await mails(b))[0].subject).toBe('5 nieuwe berichten van Henk');
  });

  it('drops messages the member has read before the mail would go', async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea');
    const sent = (await (await send(henk, textTo(b.profileId))).json()) as { conversation: { id: number } };
    await pendingReaches(b, 1);
    await call(BRAND, 'PUT', '/api/chat.php', { conversation: { id: sent.conversation.id } }, b.cookie);
    await away(b);
    expect((await sendNotificationMails(env, BRAND, b.memberId, DAY, false)).sent).toEqual([]);
    expect(await mails(b)).toHaveLength(0);
    expect(await pending(b)).toBe(0);
  });
});

describe('notification mails: when and to whom', () => {
  it("sends nothing between 23:00 and 08:00 in the member's country, and sends at 08:00", async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea', 'NL');
    await send(henk, textTo(b.profileId));
    await pendingReaches(b, 1);
    const night = new Date('2030-01-15T22:30:00Z'); // 23:30 in Amsterdam
    expect(await sendNotificationMails(env, BRAND, b.memberId, night, false)).toEqual({ sent: [], next: new Date('2030-01-16T07:00:00Z') });
    expect(await mails(b)).toHaveLength(0);
    // The same moment is 17:30 in New York: a member there gets the mail.
    const us = await awayMember('Uma', 'US');
    await send(henk, textTo(us.profileId));
    await pendingReaches(us, 1);
    expect((await sendNotificationMails(env, BRAND, us.memberId, night, false)).sent).toEqual(['messages']);
    expect((await sendNotificationMails(env, BRAND, b.memberId, new Date('2030-01-16T07:00:00Z'), false)).sent).toEqual(['messages']);
    expect(await mails(b)).toHaveLength(1);
  });

  it('mails each type only while its e-mail toggle is on', async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea');
    await call(BRAND, 'PUT', '/api/notifications.php', { email: { messages: false } }, b.cookie);
    await away(b);
    await send(henk, textTo(b.profileId));
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: b.profileId, source: 'profile' }, henk.cookie);
    await pendingReaches(b, 2);
    expect((await sendNotificationMails(env, BRAND, b.memberId, DAY, false)).sent).toEqual(['likes']);
    const [mail] = await mails(b);
    expect(mail.template).toBe('notify_likes');
    expect(mail.subject).toBe('Henk vindt je leuk');
    expect(mail.text_body).toContain(`https://flirtlokaal.nl/likes/m/${henk.profileId}`);
    expect(await pending(b)).toBe(0);
  });

  it('sends nothing to an unconfirmed, bounced, complained or deleted address', async () => {
    const henk = await sender('Henk');
    const unconfirmed = await awayMember('Una', 'NL', { status: 'not_confirmed' });
    const bounced = await awayMember('Bo');
    const complained = await awayMember('Cor');
    const deleted = await awayMember('Dirk');
    for (const [m, type] of [
      [bounced, 'bounce'],
      [complained, 'complaint'],
    ] as const) {
      const email = `m${m.memberId}@test.example`;
      const res = await fetchBrand(BRAND, '/api/mail-events.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-mail-events-secret': 'test-mail-events-secret' },
        body: JSON.stringify({ type, email }),
      });
      expect(res.status).toBe(200);
    }
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(deleted.memberId).run();
    for (const m of [unconfirmed, bounced, complained, deleted]) {
      // Straight through the live path, as the chat would (an unconfirmed member's profile cannot be written to).
      await publishToMember(env, BRAND, m.memberId, { type: 'like', profile: { id: henk.profileId, name: 'Henk', main_image: null } });
      await env.DB.prepare(
        "INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, source, is_new, created_at) VALUES (?, ?, ?, 'profile', 1, ?)",
      )
        .bind(BRAND, henk.profileId, m.profileId, new Date().toISOString())
        .run();
      expect(await pending(m)).toBe(1);
      expect((await sendNotificationMails(env, BRAND, m.memberId, DAY, false)).sent).toEqual([]);
      expect(await mails(m)).toHaveLength(0);
      expect(await pending(m)).toBe(0);
    }
  });

  it("shows a fictional sender with the brand's label, age, city and photo", async () => {
    const b = await awayMember('Bea');
    const fictional = await fictionalProfile();
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, created_at) VALUES (?, ?, ?, 'f/a.jpg', 'f/a-thumb.jpg', 'active', ?)",
      ).bind(fictional, BRAND, fictional, now),
      env.DB.prepare('UPDATE profiles SET main_photo_id = ? WHERE id = ?').bind(fictional, fictional),
      env.DB.prepare(
        "INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, source, is_new, created_at) VALUES (?, ?, ?, 'profile', 1, ?)",
      ).bind(BRAND, fictional, b.profileId, now),
    ]);
    await publishToMember(env, BRAND, b.memberId, {
      type: 'like',
      profile: { id: fictional, name: `Fictie${fictional}`, main_image: null },
    });
    expect((await sendNotificationMails(env, BRAND, b.memberId, DAY, false)).sent).toEqual(['likes']);
    const [mail] = await mails(b);
    // Born 1994-04-04: 35 on the 15th of January 2030.
    expect(mail.text_body).toContain(`Fictie${fictional}, 35, Utrecht (fictief profiel)`);
    expect(mail.html_body).toContain('src="https://flirtlokaal.nl/media/f/a-thumb.jpg"');
    expect(mail.html_body).toContain('fictief profiel');
  });

  it('does not mail a like the member cannot see in /likes (blocked sender)', async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea');
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: b.profileId, source: 'profile' }, henk.cookie);
    await pendingReaches(b, 1);
    await call(BRAND, 'POST', '/api/block.php', { profile_id: henk.profileId }, b.cookie);
    await away(b);
    expect((await sendNotificationMails(env, BRAND, b.memberId, DAY, false)).sent).toEqual([]);
    expect(await mails(b)).toHaveLength(0);
  });

  it('mails a match to the member who liked first', async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea');
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: henk.profileId, source: 'profile' }, b.cookie);
    await away(b);
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: b.profileId, source: 'profile' }, henk.cookie);
    await pendingReaches(b, 1);
    expect((await sendNotificationMails(env, BRAND, b.memberId, DAY, false)).sent).toEqual(['matches']);
    expect((await mails(b))[0].subject).toBe('Je hebt een match met Henk!');
  });
});

describe('notification mails: online members and the hub alarm', () => {
  /** A country where it is daytime right now, so the real alarm (which reads the real clock) may send. */
  const daytimeCountry = () =>
    ['NL', 'US', 'AU', 'NZ', 'CA', 'GB'].find((c) => {
      const { hour } = localTime(c, new Date());
      return hour >= 9 && hour < 22;
    })!;

  it('leaves nothing pending while a tab is open, and the alarm mails a member who is away', async () => {
    const henk = await sender('Henk');
    const online = await awayMember('Olga', daytimeCountry());
    const res = await fetchBrand(BRAND, '/api/live.php', {
      headers: { Upgrade: 'websocket', Cookie: online.cookie, Origin: `https://${BRAND}.localhost` },
    });
    const ws = res.webSocket!;
    ws.accept();
    await away(online);
    await send(henk, textTo(online.profileId));
    const offline = await awayMember('Otto', daytimeCountry());
    await send(henk, textTo(offline.profileId));
    await pendingReaches(offline, 1);
    expect(await pending(online)).toBe(0);

    // The hub's alarm, set by the missed message, sends the mail (not the request that caused it).
    expect(await mails(offline)).toHaveLength(0);
    expect(await runDurableObjectAlarm(memberHub(env, BRAND, offline.memberId) as never)).toBe(true);
    expect(await mails(offline)).toHaveLength(1);
    ws.close(1000);
  });

  it('sends no mail when the member came back before the alarm', async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea', daytimeCountry());
    await send(henk, textTo(b.profileId));
    await pendingReaches(b, 1);
    const res = await fetchBrand(BRAND, '/api/live.php', {
      headers: { Upgrade: 'websocket', Cookie: b.cookie, Origin: `https://${BRAND}.localhost` },
    });
    res.webSocket!.accept();
    await away(b);
    expect(await runDurableObjectAlarm(memberHub(env, BRAND, b.memberId) as never)).toBe(true);
    expect(await mails(b)).toHaveLength(0);
    expect(await pending(b)).toBe(0);
    res.webSocket!.close(1000);
  });
});

describe('notification mails: one-click unsubscribe per type', () => {
  it("switches off exactly the type of the mail, by a mail client's POST (RFC 8058) or the confirmation page", async () => {
    const henk = await sender('Henk');
    const b = await awayMember('Bea');
    await send(henk, textTo(b.profileId));
    await pendingReaches(b, 1);
    await sendNotificationMails(env, BRAND, b.memberId, DAY, false);
    const url = new URL(JSON.parse((await mails(b))[0].headers)['List-Unsubscribe'].slice(1, -1));
    const path = url.pathname + url.search;

    const page = await fetchBrand(BRAND, path);
    expect(await page.text()).toContain('Afmelden voor e-mails over: Nieuwe berichten');
    const before = (await (await call(BRAND, 'GET', '/api/notifications.php', undefined, b.cookie)).json()) as any;
    expect(before.email.messages).toBe(true);

    const res = await fetchBrand(BRAND, path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Je ontvangt geen e-mails meer over: Nieuwe berichten.');
    const after = (await (await call(BRAND, 'GET', '/api/notifications.php', undefined, b.cookie)).json()) as any;
    expect(after.email).toEqual({ ...before.email, messages: false });
    expect(after.push).toEqual(before.push);
    expect(after.email_disabled_reason).toBeNull();

    // Likes still arrive by mail.
    await away(b);
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: b.profileId, source: 'profile' }, henk.cookie);
    await send(henk, textTo(b.profileId, 'en nog een'));
    await pendingReaches(b, 2);
    expect((await sendNotificationMails(env, BRAND, b.memberId, hoursLater(DAY, 5), false)).sent).toEqual(['likes']);
  });
});

describe('notification mails: the unsubscribe page', () => {
  it('writes whatever the link carries as text: a hostile token stays inside the form action', async () => {
    const hostile = '"><script>alert(1)</script><a href="';
    const res = await fetchBrand(BRAND, `/api/unsubscribe.php?token=${hostile}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toContain('<script');
    expect(page).toContain(`action="/api/unsubscribe.php?token=${encodeURIComponent(hostile)}"`);
    expect(page).toContain('<title>Afmelden voor e-mails</title>');
  });
});

describe('notification mails: concurrent unsubscribes', () => {
  /** A mail client's one-click POST to the unsubscribe link of a notification mail of `type`. */
  const unsubscribe = (token: string) =>
    fetchBrand(BRAND, `/api/unsubscribe.php?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
  const linkFor = (m: TestMember, type: string) =>
    issueToken(env, { tenantId: BRAND, memberId: m.memberId, purpose: 'unsubscribe', now: new Date(), data: type });
  const settings = async (m: TestMember) => (await (await call(BRAND, 'GET', '/api/notifications.php', undefined, m.cookie)).json()) as any;
  const disabled = async (m: TestMember) =>
    JSON.parse(
      (await env.DB.prepare('SELECT notifications_disabled AS d FROM members WHERE id = ?').bind(m.memberId).first<{ d: string }>())!.d,
    );

  it('keeps every type that 40 simultaneous one-click POSTs of two types switched off, and nothing else', async () => {
    const m = await chatMember();
    const before = await settings(m);
    const links = { messages: await linkFor(m, 'messages'), likes: await linkFor(m, 'likes') };
    // Mail clients retry and members click twice: 20 POSTs per link, interleaved, all at once.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => unsubscribe(i % 2 ? links.likes : links.messages)));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    const after = await settings(m);
    expect(after.email).toEqual({ ...before.email, messages: false, likes: false });
    expect(after.email.matches).toBe(true);
    expect(after.push).toEqual(before.push);
    expect(after.email_disabled_reason).toBeNull();
    expect(await disabled(m)).toEqual([]);
  });

  it('switches e-mail off as a whole when simultaneous unsubscribes leave no type on', async () => {
    const m = await chatMember();
    const other = await chatMember();
    const otherBefore = await settings(other);
    const links = await Promise.all(['messages', 'likes', 'matches'].map((type) => linkFor(m, type)));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => unsubscribe(links[i % 3])));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    const after = await settings(m);
    expect(after.email).toEqual({ messages: false, likes: false, matches: false, news: false });
    expect(await disabled(m)).toEqual(['email']);
    // The links of one member change nobody else's settings.
    expect(await settings(other)).toEqual(otherBefore);
  });

  it("keeps both the member's own changes and the one-click unsubscribes that arrive at the same moment", async () => {
    const m = await chatMember();
    const before = await settings(m);
    const link = await linkFor(m, 'messages');
    // 15 saves of the settings page (push for matches off, marketing mail on) among 15 one-click POSTs.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? unsubscribe(link)
          : call(BRAND, 'PUT', '/api/notifications.php', { email: { news: true }, push: { matches: false } }, m.cookie),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    const after = await settings(m);
    expect(after.email).toEqual({ ...before.email, messages: false, news: true });
    expect(after.push).toEqual({ ...before.push, matches: false });
    expect(await disabled(m)).toEqual([]);
    // The marketing choice changed once: one consent row, however many saves said the same.
    const consents = await env.DB.prepare("SELECT granted FROM consents WHERE member_id = ? AND kind = 'marketing'").bind(m.memberId).all();
    expect(consents.results.filter((r) => r.granted === 1)).toHaveLength(1);
  });
});

describe('notification mails: login link', () => {
  it('logs the member in once, within 15 minutes, only on a brand that allows it', async () => {
    const tenant = TENANTS.find((t) => t.id === BRAND)! as { mail_login_links: boolean };
    expect(tenant.mail_login_links).toBe(false);
    const henk = await sender('Henk');
    const [b, late] = [await awayMember('Bea'), await awayMember('Lotte')];
    const sent = (await (await send(henk, textTo(b.profileId))).json()) as { conversation: { id: number } };
    await send(henk, textTo(late.profileId));
    await pendingReaches(b, 1);
    await pendingReaches(late, 1);
    tenant.mail_login_links = true;
    try {
      await sendNotificationMails(env, BRAND, b.memberId, DAY, false);
      await sendNotificationMails(env, BRAND, late.memberId, DAY, false);
    } finally {
      tenant.mail_login_links = false;
    }
    const linkOf = async (m: TestMember) => {
      const url = new URL((await mails(m))[0].text_body.match(/https:\/\/flirtlokaal\.nl\/api\/mail-login\.php\?token=\S+/)![0]);
      return url.pathname + url.search;
    };
    const link = await linkOf(b);
    const first = await fetchBrand(BRAND, link, { redirect: 'manual', headers: { 'X-Debug-Now': DAY.toISOString() } });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/chats/${sent.conversation.id}`);
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    expect((await call(BRAND, 'GET', '/api/notifications.php', undefined, cookie)).status).toBe(200);
    // Used once: the second click logs nobody in.
    const again = await fetchBrand(BRAND, link, { redirect: 'manual', headers: { 'X-Debug-Now': DAY.toISOString() } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.headers.get('location')).toBe('/members');
    // 16 minutes after the mail: expired.
    const expired = await fetchBrand(BRAND, await linkOf(late), {
      redirect: 'manual',
      headers: { 'X-Debug-Now': new Date(DAY.getTime() + 16 * 60_000).toISOString() },
    });
    expect(expired.headers.get('set-cookie')).toBeNull();
  });
});

import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffMe } from '../../core/schemas/staff-answers';
import type { Dashboard, MemberSearchItem } from '../../core/schemas/staff-back-office-answers';
import type { QueueResponse } from '../../core/schemas/staff-answers';
import flirtlokaal from '../../tenants/flirtlokaal';
import { sendNotificationMails } from '../../worker/notifications/mailer';
import { findTenant } from '../../worker/brands/runtime';
import worker from '../../worker/index';
import { chatMember, fictionalProfile, send, textTo } from './chat-helpers';
import { createMember } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Brands made in the workspace, known by id only (issue 48, last items; docs/decisions/023): the staff workspace's
// queue, members list and brand list show them beside the files' brands, and code that runs where the brand was never
// served by host (a Durable Object, a mail, a queue message, a cron) finds it in D1.

function settingsNamed(name: string): Record<string, unknown> {
  const { id: _id, hosts: _hosts, database: _db, ...rest } = structuredClone(flirtlokaal) as typeof flirtlokaal & { database?: string };
  return { ...rest, look: { ...rest.look, logo_text: name }, settings: { ...rest.settings, name, mail_name: name } };
}

let owner: string;

beforeAll(async () => {
  owner = (await createStaff([{ brand: '*', role: 'owner' }], 'Owner')).cookie;
});

async function liveBrand(id: string, name: string): Promise<void> {
  const made = await staffApi('flirtlokaal', 'POST', 'brands.php', {
    cookie: owner,
    body: { id, settings: settingsNamed(name), database: 'DB' },
  });
  expect(made.status).toBe(201);
  expect((await staffApi('flirtlokaal', 'POST', 'brand-live.php', { cookie: owner, body: { id } })).status).toBe(200);
}

/** A runtime brand written straight into D1, as another data centre's workspace would: this isolate has never seen it. */
async function storedBrand(id: string, name: string): Promise<void> {
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO brands (id, database, status, live_version, latest_version, created_at, updated_at) VALUES (?, 'DB', 'live', 1, 1, ?, ?)",
    ).bind(id, now, now),
    env.DB.prepare('INSERT INTO brand_versions (brand_id, version, settings, created_at) VALUES (?, 1, ?, ?)').bind(
      id,
      JSON.stringify(settingsNamed(name)),
      now,
    ),
  ]);
}

describe("the staff workspace's lists show runtime brands", { timeout: 60_000 }, () => {
  it('in the answer queue, the members list, the brand list and the dashboard, for staff allowed on the brand', async () => {
    await liveBrand('lijstmerk', 'Lijst Merk');
    const member = await chatMember({ brand: 'lijstmerk', credits: 50 });
    const profileId = await fictionalProfile('lijstmerk');
    const sent = await send(member, textTo(profileId, 'Ben je er nog?'), undefined, 'lijstmerk');
    expect(sent.status).toBe(201);
    const conversationId = ((await sent.json()) as { conversation: { id: number } }).conversation.id;

    // An operator of the runtime brand only, working from a file brand's host.
    const operator = (await createStaff([{ brand: 'lijstmerk', role: 'operator' }])).cookie;
    const named = await staffApi('flirtlokaal', 'GET', 'queue.php?brand=lijstmerk', { cookie: operator });
    expect(named.status).toBe(200);
    const queue = (await named.json()) as QueueResponse;
    expect(queue.items.map((i) => [i.brand, i.conversation_id])).toContainEqual(['lijstmerk', conversationId]);
    expect(queue.waiting_per_brand.lijstmerk).toBeGreaterThanOrEqual(1);
    // Without a brand: every brand the operator works on, the runtime one included.
    const all = (await (await staffApi('flirtlokaal', 'GET', 'queue.php', { cookie: operator })).json()) as QueueResponse;
    expect(all.items.some((i) => i.conversation_id === conversationId)).toBe(true);
    // Its brand list (the workspace's picker): the brand, by its name.
    const me = (await (await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: operator })).json()) as StaffMe;
    expect(me.brands).toEqual([{ id: 'lijstmerk', name: 'Lijst Merk' }]);

    // The owner sees it among the files' brands.
    const ownerMe = (await (await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: owner })).json()) as StaffMe;
    expect(ownerMe.brands.map((b) => b.id)).toEqual(expect.arrayContaining(['flirtlokaal', 'velvetnights', 'lijstmerk']));

    // Its admin finds the member in the members list, and reads its dashboard (today's signup, live).
    const admin = (await createStaff([{ brand: 'lijstmerk', role: 'admin' }])).cookie;
    const found = await staffApi('flirtlokaal', 'GET', `members.php?q=${member.memberId}`, { cookie: admin });
    expect(found.status).toBe(200);
    expect(((await found.json()) as { items: MemberSearchItem[] }).items.map((i) => [i.brand, i.id])).toEqual([
      ['lijstmerk', member.memberId],
    ]);
    const dashboard = await staffApi('flirtlokaal', 'GET', 'dashboard.php?brand=lijstmerk', { cookie: admin });
    expect(dashboard.status).toBe(200);
    const figures = (await dashboard.json()) as Dashboard;
    expect(figures.brand).toBe('lijstmerk');
    expect(figures.series.signups.reduce<number>((a, b) => a + (b ?? 0), 0)).toBeGreaterThanOrEqual(1);

    // Staff of another brand still get the 404 of a brand they have no role on.
    const other = (await createStaff([{ brand: 'flirtlokaal', role: 'admin' }])).cookie;
    expect((await staffApi('flirtlokaal', 'GET', 'queue.php?brand=lijstmerk', { cookie: other })).status).toBe(404);
    expect((await staffApi('flirtlokaal', 'GET', `members.php?q=${member.memberId}&brand=lijstmerk`, { cookie: other })).status).toBe(404);
    const otherMe = (await (await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: other })).json()) as StaffMe;
    expect(otherMe.brands.map((b) => b.id)).not.toContain('lijstmerk');
  });
});

describe('a runtime brand found by id where it was never served by host', () => {
  it('gets its notification mail sent (a hub alarm in a fresh isolate)', async () => {
    await storedBrand('fernmerk', 'Fern Merk');
    const recipient = await createMember('fernmerk');
    const sender = await createMember('fernmerk');
    const now = new Date();
    await env.DB.batch([
      env.DB.prepare("UPDATE profiles SET last_active = '2020-01-01T00:00:00.000Z' WHERE id = ?").bind(recipient.profileId),
      env.DB.prepare(
        "INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, source, is_new, created_at) VALUES ('fernmerk', ?, ?, 'profile', 1, ?)",
      ).bind(sender.profileId, recipient.profileId, now.toISOString()),
      env.DB.prepare(
        "INSERT INTO notification_pending (tenant_id, member_id, type, sender_profile_id, created_at) VALUES ('fernmerk', ?, 'likes', ?, ?)",
      ).bind(recipient.memberId, sender.profileId, now.toISOString()),
    ]);
    // Midday in Amsterdam, outside quiet hours.
    const run = await sendNotificationMails(env, 'fernmerk', recipient.memberId, new Date('2030-01-15T12:00:00Z'), false);
    expect(run.sent).toEqual(['likes']);
    const mail = await env.DB.prepare("SELECT subject, text_body FROM outbox WHERE member_id = ? AND template LIKE 'notify_%'")
      .bind(recipient.memberId)
      .first<{ subject: string; text_body: string }>();
    expect(`${mail?.subject} ${mail?.text_body}`).toContain('Fern Merk');
  });

  it("is in the hourly cron's figures rollup", async () => {
    await storedBrand('cronmerk', 'Cron Merk');
    // A signup at 10:00 yesterday (UTC), the cron at 12:07 that day (its figures go up to the last full hour). The
    // cron reads the brands at its own clock: before the list an earlier test of this file left in the isolate.
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { memberId } = await createMember('cronmerk');
    await env.DB.prepare('UPDATE members SET signup_date = ?1, created_at = ?1 WHERE id = ?2').bind(`${day}T10:00:00.000Z`, memberId).run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '7 * * * *', scheduledTime: Date.parse(`${day}T12:07:00.000Z`) }), env, ctx);
    await waitOnExecutionContext(ctx);
    const signups = await env.DB.prepare("SELECT value FROM daily_figures WHERE tenant_id = 'cronmerk' AND metric = 'signups' AND day = ?")
      .bind(day)
      .first<{ value: number }>();
    expect(signups?.value).toBe(1);
  });

  it('is read from D1 within the window, and is null for a draft or an unknown id', async () => {
    await storedBrand('idmerk', 'Id Merk');
    const start = Date.now();
    expect((await findTenant(env.DB, 'idmerk', start))?.settings.name).toBe('Id Merk');
    expect(await findTenant(env.DB, 'geenmerk', start)).toBeNull();
    expect((await findTenant(env.DB, 'flirtlokaal', start))?.id).toBe('flirtlokaal');
    // A later version goes live elsewhere: seen after the window, not before.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO brand_versions (brand_id, version, settings, created_at) VALUES ('idmerk', 2, ?, '2026-01-01T00:00:00Z')",
      ).bind(JSON.stringify(settingsNamed('Id Merk Twee'))),
      env.DB.prepare("UPDATE brands SET latest_version = 2, live_version = 2 WHERE id = 'idmerk'"),
    ]);
    expect((await findTenant(env.DB, 'idmerk', start + 1_000))?.settings.name).toBe('Id Merk');
    expect((await findTenant(env.DB, 'idmerk', start + 56_000))?.settings.name).toBe('Id Merk Twee');
    // A draft (never live) serves nowhere, so nothing finds it by id.
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO brands (id, database, status, live_version, latest_version, created_at, updated_at) VALUES ('conceptmerk', 'DB', 'draft', NULL, 1, ?, ?)",
      ).bind(now, now),
      env.DB.prepare("INSERT INTO brand_versions (brand_id, version, settings, created_at) VALUES ('conceptmerk', 1, ?, ?)").bind(
        JSON.stringify(settingsNamed('Concept')),
        now,
      ),
    ]);
    expect(await findTenant(env.DB, 'conceptmerk', start)).toBeNull();
  });
});

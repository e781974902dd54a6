import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { describe, expect, it } from 'vitest';
import { conversationLog, LOG_COLUMNS, summarize, type LogMessage } from '../../worker/chat/log-rows';
import { call } from './account-helpers';
import { BRAND, chatMember, credits, history, send, textTo } from './chat-helpers';

type Json = any;

const move = async (limit: number, after?: number, headers: Record<string, string> = {}) => {
  const res = await call(BRAND, 'POST', '/dev/move-messages.json', { limit, after }, undefined, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as { moved: number; mismatch: number | null; after: number; more: boolean };
};

async function d1Summary(conversationId: number) {
  const { results } = await env.DB.prepare(`SELECT ${LOG_COLUMNS.join(', ')} FROM messages WHERE conversation_id = ? ORDER BY id`)
    .bind(conversationId)
    .all<LogMessage>();
  return summarize(results);
}

/** A conversation of `n` messages whose log is emptied afterwards: as a conversation from before the logs. */
async function oldConversation(n: number): Promise<{ id: number; a: Awaited<ReturnType<typeof chatMember>> }> {
  const a = await chatMember({ credits: 100 });
  const b = await chatMember();
  let id = 0;
  for (let i = 0; i < n; i++) id = ((await (await send(a, textTo(b.profileId, `oud ${i}`))).json()) as Json).conversation.id;
  await conversationLog(env, BRAND, id).clear();
  return { id, a };
}

describe('chat: moving existing messages into the conversation logs', () => {
  it('moves conversation by conversation, resumes after an interruption, and verifies count and checksum', async () => {
    const olds = [await oldConversation(2), await oldConversation(3), await oldConversation(1)];
    for (const { id } of olds) expect((await conversationLog(env, BRAND, id).summary()).count).toBe(0);

    // One conversation, then the run stops (as an interrupted job would).
    const first = await move(1);
    expect(first).toMatchObject({ moved: 1, mismatch: null, after: olds[0].id, more: true });
    const firstRow = await env.DB.prepare('SELECT verified_at FROM conversation_log_moves WHERE conversation_id = ?')
      .bind(olds[0].id)
      .first<{ verified_at: string }>();

    // The site serves meanwhile: a new message into a conversation not moved yet.
    const during = (await (await send(olds[2].a, { to: { conversation_id: olds[2].id }, kind: 'text', text: 'tijdens' })).json()) as Json;
    expect(during.message.text).toBe('tijdens');

    // The rest, from where it stopped.
    const rest = await move(100);
    expect(rest).toMatchObject({ mismatch: null, more: false });
    expect(rest.moved).toBeGreaterThanOrEqual(2);
    const { results: moves } = await env.DB.prepare(
      `SELECT conversation_id, messages, checksum, verified_at FROM conversation_log_moves WHERE conversation_id IN (?, ?, ?) ORDER BY conversation_id`,
    )
      .bind(...olds.map((o) => o.id))
      .all<{ conversation_id: number; messages: number; checksum: string; verified_at: string }>();
    expect(moves.map((m) => m.messages)).toEqual([2, 3, 2]);
    // The first conversation was not moved again.
    expect(moves[0].verified_at).toBe(firstRow!.verified_at);
    for (const [i, { id }] of olds.entries()) {
      const [d1, log] = await Promise.all([d1Summary(id), conversationLog(env, BRAND, id).summary()]);
      expect(log).toEqual(d1);
      expect(moves[i].checksum).toBe(d1.checksum);
    }
    // Nothing left: another run moves nothing.
    expect(await move(100)).toMatchObject({ moved: 0, more: false });
  });

  it('stops at a conversation whose log differs from D1 instead of skipping it, and stops there again', async () => {
    const { id, a } = await oldConversation(1);
    // The log holds a message D1 does not have: copying cannot make them equal.
    await conversationLog(env, BRAND, id).append([
      {
        id: 999_999_000 + id,
        sender_profile_id: a.profileId,
        sender_member_id: a.memberId,
        recipient_profile_id: 1,
        kind: 'text',
        body: 'vreemd',
        gift: null,
        photo_id: null,
        cost: 0,
        client_key: `stray-${id}`,
        created_at: new Date().toISOString(),
      },
    ]);
    const run = await move(100);
    expect(run.mismatch).toBe(id);
    expect((await move(100)).mismatch).toBe(id);
    const noted = await env.DB.prepare('SELECT COUNT(*) AS n FROM conversation_log_moves WHERE conversation_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(noted!.n).toBe(0);
    // The member still reads their conversation.
    expect((await history(a, `id=${id}`)).status).toBe(200);
  });
  it('never hands out a deleted message id again: a deleted newest message leaves its id unused', async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember();
    const newest = async () => (await env.DB.prepare('SELECT MAX(id) AS id FROM messages').first<{ id: number }>())!.id;
    await send(a, textTo(b.profileId, 'eerste'));
    const deleted = await newest();
    // The purge and the move delete rows; the conversation objects keep the ids D1 gave them.
    await env.DB.prepare('DELETE FROM messages WHERE id = ?').bind(deleted).run();
    await send(a, textTo(b.profileId, 'tweede'));
    expect(await newest()).toBeGreaterThan(deleted);
  });
  it('drops the rows of a verified conversation from D1 once past the replay horizon; the member still reads them all', async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember();
    const id = ((await (await send(a, textTo(b.profileId, 'een'))).json()) as Json).conversation.id;
    const key = 'replay-after-move';
    await send(a, textTo(b.profileId, 'twee'), key);
    const d1Rows = async () => (await d1Summary(id)).count;

    // Within the horizon the rows stay: they are what makes a client's retry a replay.
    expect(await move(1, id - 1)).toMatchObject({ moved: 1, mismatch: null });
    expect(await d1Rows()).toBe(2);
    const before = await credits(a.memberId);
    expect((await send(a, textTo(b.profileId, 'twee'), key)).status).toBe(200);
    expect(await credits(a.memberId)).toBe(before);

    // Two days later the move drops them; the log keeps them, verified.
    const later = { 'X-Debug-Now': new Date(Date.now() + 2 * 86_400_000).toISOString() };
    expect(await move(1, id - 1, later)).toMatchObject({
      moved: 1,
      mismatch: null,
    });
    expect(await d1Rows()).toBe(0);
    const page = (await history(a, `id=${id}`)).body;
    expect(page.messages.map((m: Json) => m.text)).toEqual(['een', 'twee']);

    // A new message after the drop is stored as before.
    await send(a, { to: { conversation_id: id }, kind: 'text', text: 'drie' });
    expect(await d1Rows()).toBe(1);
    expect((await conversationLog(env, BRAND, id).summary()).count).toBe(3);
    // A later run compares what D1 still holds with the log after the dropped ids, and drops that too.
    expect(await move(1, id - 1, later)).toMatchObject({ moved: 1, mismatch: null });
    expect(await d1Rows()).toBe(0);
    expect((await history(a, `id=${id}`)).body.messages.map((m: Json) => m.text)).toEqual(['een', 'twee', 'drie']);
  });

  it('the way back puts every moved message into D1 again, verified, and resumes where it stopped', async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember();
    const ids: number[] = [];
    for (const text of ['terug een', 'terug twee']) {
      const c = await chatMember();
      ids.push(((await (await send(a, textTo(c.profileId, text))).json()) as Json).conversation.id);
    }
    await send(a, textTo(b.profileId, 'niet verplaatst'));
    const later = { 'X-Debug-Now': new Date(Date.now() + 2 * 86_400_000).toISOString() };
    expect(await move(2, ids[0] - 1, later)).toMatchObject({ moved: 2, mismatch: null });
    for (const id of ids) expect((await d1Summary(id)).count).toBe(0);

    const back = async (limit: number) => {
      const res = await call(BRAND, 'POST', '/dev/move-messages-back.json', { limit });
      expect(res.status).toBe(200);
      return (await res.json()) as { restored: number; mismatch: number | null; more: boolean };
    };
    // One conversation, interrupted, then the rest.
    expect(await back(1)).toMatchObject({ restored: 1, mismatch: null, more: true });
    expect(await back(1000)).toMatchObject({ mismatch: null, more: false });
    for (const id of ids) {
      const [d1, log] = await Promise.all([d1Summary(id), conversationLog(env, BRAND, id).summary()]);
      expect(d1.count).toBe(1);
      expect(d1).toEqual(log);
    }
    const notes = await env.DB.prepare('SELECT COUNT(*) AS n FROM conversation_log_moves').first<{ n: number }>();
    expect(notes!.n).toBe(0);
    // D1's rows are the member's messages again: a replay of nothing, the history unchanged.
    const page = (await history(a, `id=${ids[1]}`)).body;
    expect(page.messages.map((m: Json) => m.text)).toEqual(['terug twee']);
  });
  it('the hourly cron moves a day-old message of any conversation to its log and drops its row, keeping younger ones', async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember();
    const c = await chatMember();
    const old = ((await (await send(a, textTo(b.profileId, 'gisteren'))).json()) as Json).conversation.id;
    const young = ((await (await send(a, textTo(c.profileId, 'vandaag'))).json()) as Json).conversation.id;
    // The first message is two days old when the cron runs; the second is written an hour before the run.
    const runAt = Date.now() + 2 * 86_400_000;
    await env.DB.prepare('UPDATE messages SET created_at = ? WHERE conversation_id = ?')
      .bind(new Date(runAt - 3_600_000).toISOString(), young)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '7 * * * *', scheduledTime: runAt }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await d1Summary(old)).count).toBe(0);
    expect((await d1Summary(young)).count).toBe(1);
    expect((await history(a, `id=${old}`)).body.messages.map((m: Json) => m.text)).toEqual(['gisteren']);
    const note = await env.DB.prepare('SELECT dropped_upto FROM conversation_log_moves WHERE conversation_id = ?')
      .bind(old)
      .first<{ dropped_upto: number }>();
    expect(note!.dropped_upto).toBeGreaterThan(0);
  });
  it('keeps the dropped prefix when 20 moves of one conversation with different horizons run at once', async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember();
    let id = 0;
    for (const text of ['een', 'twee', 'drie']) id = ((await (await send(a, textTo(b.profileId, text))).json()) as Json).conversation.id;
    // Written 5, 4 and 3 days before the runs below, so each run's horizon (one day before its clock) takes 1-3 rows.
    const { results } = await env.DB.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY id')
      .bind(id)
      .all<{ id: number }>();
    const day = 86_400_000;
    for (const [i, row] of results.entries())
      await env.DB.prepare('UPDATE messages SET created_at = ? WHERE id = ?')
        .bind(new Date(Date.now() - (5 - i) * day).toISOString(), row.id)
        .run();
    // As a conversation from before the logs: the log is filled from D1 by the moves themselves.
    await conversationLog(env, BRAND, id).clear();
    const clocks = Array.from({ length: 20 }, (_, i) => new Date(Date.now() - (3 - (i % 3)) * day + 3_600_000).toISOString());
    const runs = await Promise.all(clocks.map((now) => move(1, id - 1, { 'X-Debug-Now': now })));
    // A run whose comparison another run's drop overtook every time reports the conversation and drops nothing.
    expect(runs.filter((r) => r.mismatch === null).length).toBeGreaterThan(0);
    expect(runs.every((r) => r.mismatch === null || r.mismatch === id)).toBe(true);

    const note = await env.DB.prepare('SELECT dropped_upto FROM conversation_log_moves WHERE conversation_id = ?')
      .bind(id)
      .first<{ dropped_upto: number }>();
    const newestDropped = results[2].id;
    expect(note!.dropped_upto).toBe(newestDropped);
    expect((await d1Summary(id)).count).toBe(0);
    // A later run compares from the right place: nothing differs, and the history is whole.
    expect(await move(1, id - 1)).toMatchObject({ moved: 1, mismatch: null });
    expect((await history(a, `id=${id}`)).body.messages.map((m: Json) => m.text)).toEqual(['een', 'twee', 'drie']);
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SCREEN_SQL } from '../../worker/staff/answering/conversation';
import { QUEUE_SQL, WAITING_COUNT_SQL } from '../../worker/staff/answering/queue';
import { fictionalProfile, chatMember, send, textTo } from './chat-helpers';

async function plan(sql: string, ...params: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

/** No table on a request path is read whole: every step is a SEARCH (by an index or the primary key). */
function expectIndexOnly(detail: string) {
  expect(detail).not.toMatch(
    /\bSCAN (c|m|mp|fp|mm|conversations|messages|profiles|members|photos|chat_claims|staff_notes|n|cl|s|ph|mph)\b/,
  );
  // A SCAN of a subquery's own rows (the capped waiting count) reads no table.
  expect(detail).not.toMatch(/\bSCAN\b(?! CONSTANT| \(subquery-\d+\))/);
}

describe('the answering queries read indexes only', () => {
  it('the queue walks conversations_waiting in order (no sort), everything else by key', async () => {
    // Some data, so the planner is not tempted by empty tables.
    const member = await chatMember({ credits: 20 });
    await send(member, textTo(await fictionalProfile()));
    const detail = await plan(QUEUE_SQL, 'flirtlokaal', new Date().toISOString());
    expect(detail).toMatch(/SEARCH c USING (COVERING )?INDEX conversations_waiting/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
    // The asks-if-real flag is the conversation row's (migration 0051): no message is read at all (it was the
    // covering index messages_member_texts, issue 46 item 9; the messages live in the conversation logs).
    expect(detail).not.toMatch(/\bmessages\b|\bm USING\b/);
    expectIndexOnly(detail);
    const count = await plan(WAITING_COUNT_SQL, 'flirtlokaal');
    expect(count).toMatch(/SEARCH c USING (COVERING )?INDEX conversations_waiting/);
    expectIndexOnly(count);
  });

  it('the answer screen: head, photos, interests, the member and notes (the history is the conversation log)', async () => {
    const now = new Date().toISOString();
    const plans = [
      await plan(SCREEN_SQL.head, 1, 2, now),
      await plan(SCREEN_SQL.photos, 'flirtlokaal', 2),
      await plan(SCREEN_SQL.interests, 2, 'flirtlokaal'),
      await plan(SCREEN_SQL.member, 2, 'flirtlokaal'),
      await plan(SCREEN_SQL.notes, 'flirtlokaal', 'member', 2),
    ];
    for (const detail of plans) expectIndexOnly(detail);
    expect(plans[3]).toMatch(/SEARCH members USING INTEGER PRIMARY KEY/);
    expect(plans[4]).toMatch(/SEARCH n USING (COVERING )?INDEX staff_notes_subject/);
    expect(plans[4]).not.toMatch(/TEMP B-TREE/);
  });
});

import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { isInsufficientCredits, ledgerBalance, ledgerEntry } from '../../worker/db/ledger';
import { signUp } from './account-helpers';
import { dbOf } from './helpers';

const credits = async (id: number) =>
  (await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(id).first<{ credits: number }>())!.credits;
const entry = (memberId: number, delta: number, ref: string) =>
  ledgerEntry(env.DB, { tenantId: 'flirtlokaal', memberId, delta, reason: delta > 0 ? 'purchase' : 'message', ref, now: new Date() });

describe('credit ledger', () => {
  it('keeps the balance equal to the sum of its rows and ignores a repeated ref', async () => {
    const { user } = await signUp();
    await env.DB.batch([entry(user.id, 10, 'order:1')]);
    await env.DB.batch([entry(user.id, 10, 'order:1')]);
    await env.DB.batch([entry(user.id, -3, 'message:a')]);
    expect(await credits(user.id)).toBe(7);
    expect(await ledgerBalance(env.DB, 'flirtlokaal', user.id)).toBe(7);
  });

  it('refuses a spend below zero and rolls back the whole batch', async () => {
    const { user } = await signUp();
    await env.DB.batch([entry(user.id, 2, 'order:2')]);
    const marker = env.DB.prepare("UPDATE members SET language = 'de' WHERE id = ?").bind(user.id);
    const error = await env.DB.batch([marker, entry(user.id, -3, 'message:b')]).catch((e: unknown) => e);
    expect(isInsufficientCredits(error)).toBe(true);
    const row = await env.DB.prepare('SELECT credits, language FROM members WHERE id = ?')
      .bind(user.id)
      .first<{ credits: number; language: string }>();
    expect(row).toEqual({ credits: 2, language: 'nl' });
    expect(await ledgerBalance(env.DB, 'flirtlokaal', user.id)).toBe(2);
  });

  it('is append-only', async () => {
    const { user } = await signUp();
    await env.DB.batch([entry(user.id, 5, 'order:3')]);
    await expect(env.DB.prepare('UPDATE credit_ledger SET delta = 500 WHERE member_id = ?').bind(user.id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare('DELETE FROM credit_ledger WHERE member_id = ?').bind(user.id).run()).rejects.toThrow(/append-only/);
    expect(await credits(user.id)).toBe(5);
  });

  it('books signup credits through the ledger', async () => {
    const { user } = await signUp('velvetnights', { email: `v${Date.now()}@example.com` });
    const db = dbOf('velvetnights');
    expect((await db.prepare('SELECT credits FROM members WHERE id = ?').bind(user.id).first<{ credits: number }>())!.credits).toBe(5);
    expect(await ledgerBalance(db, 'velvetnights', user.id)).toBe(5);
  });
});

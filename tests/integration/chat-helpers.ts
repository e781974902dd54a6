import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import { ledgerBalance, ledgerEntry } from '../../worker/db/ledger';
import { call } from './account-helpers';
import { createMember, dbOf, fetchBrand } from './helpers';

export const BRAND = 'flirtlokaal';
/** flirtlokaal's prices (tenants/flirtlokaal.ts). */
export const PRICE = { text: 5, photo: 10, gift: 15 } as const;

let keys = 0;
export const newKey = () => `k-${Date.now().toString(36)}-${(keys++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export type TestMember = Awaited<ReturnType<typeof createMember>>;

/** A member whose credits come from the ledger (reason seed), as every balance must. */
export async function chatMember(
  opts: { credits?: number; paid?: boolean; status?: 'confirmed' | 'not_confirmed'; brand?: string } = {},
): Promise<TestMember> {
  const m = await createMember(opts.brand ?? BRAND, { status: opts.status, paid: opts.paid ?? true });
  if (opts.credits) await grant(m.memberId, opts.credits, opts.brand);
  return m;
}

export async function grant(memberId: number, credits: number, brand = BRAND) {
  await dbOf(brand).batch([
    ledgerEntry(dbOf(brand), { tenantId: brand, memberId, delta: credits, reason: 'seed', ref: `seed:${newKey()}`, now: new Date() }),
  ]);
}

let fictionalIds = 0;
/** An operator-made profile: fictional = 1 and no member. */
export async function fictionalProfile(brand = BRAND): Promise<number> {
  const id = 700_000 + fictionalIds++;
  const now = new Date().toISOString();
  await dbOf(brand)
    .prepare(
      `INSERT INTO profiles (id, tenant_id, name, gender, sexuality, birthdate, country, city, fictional, last_active, created_at)
     VALUES (?, ?, ?, 'female', 'hetero', '1994-04-04', 'NL', 'Utrecht', 1, ?, ?)`,
    )
    .bind(id, brand, `Fictie${id}`, now, now)
    .run();
  return id;
}

export function send(from: TestMember, body: Record<string, unknown>, key: string | null = newKey(), brand = BRAND) {
  return call(brand, 'POST', '/api/chat.php', body, from.cookie, key === null ? {} : { 'Idempotency-Key': key });
}

export const textTo = (profileId: number, text = 'Hoi, hoe gaat het?') => ({ to: { profile_id: profileId }, kind: 'text', text });

export async function chats(m: TestMember, brand = BRAND) {
  const res = await call(brand, 'GET', '/api/chats.php', undefined, m.cookie);
  return (
    (await res.json()) as {
      chats: {
        conversation: { id: number; last_message: any };
        profile: { id: number; fictional: boolean };
        num_unread_messages: number;
      }[];
    }
  ).chats;
}

export async function history(m: TestMember, query: string) {
  const res = await call(BRAND, 'GET', `/api/chat.php?${query}`, undefined, m.cookie);
  return { status: res.status, body: (await res.json()) as any };
}

export async function credits(memberId: number): Promise<number> {
  return (await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(memberId).first<{ credits: number }>())!.credits;
}

/** The balance and the ledger agree, and no message was charged twice (one ledger row per message ref). */
export async function assertBooksBalance(
  memberId: number,
  brand = BRAND,
): Promise<{ credits: number; ledger: number; messages: number; spends: number }> {
  const messages = await env.DB.prepare('SELECT COUNT(*) AS n FROM messages WHERE sender_member_id = ?')
    .bind(memberId)
    .first<{ n: number }>();
  const spends = await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE member_id = ? AND ref LIKE 'message:%'")
    .bind(memberId)
    .first<{ n: number }>();
  return {
    credits: await credits(memberId),
    ledger: await ledgerBalance(env.DB, brand, memberId),
    messages: messages!.n,
    spends: spends!.n,
  };
}

export async function messageCount(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM messages').first<{ n: number }>())!.n;
}

/** Opens the member's live socket through the Worker, as a tab would, and collects what arrives. */
export async function openSocket(m: TestMember, headers: Record<string, string> = {}, brand = BRAND) {
  const res = await fetchBrand(brand, '/api/live.php', {
    headers: { Upgrade: 'websocket', Cookie: m.cookie, Origin: `https://${brand}.localhost`, ...headers },
  });
  if (res.status !== 101 || !res.webSocket) throw new Error(`no socket: ${res.status}`);
  const ws = res.webSocket;
  const frames: any[] = [];
  ws.addEventListener('message', (e) => {
    frames.push(JSON.parse(e.data as string));
  });
  ws.accept();
  const next = async (type: string, where: (f: any) => boolean = () => true) =>
    vi.waitFor(
      () => {
        const found = frames.find((f) => f.type === type && where(f));
        if (!found) throw new Error(`no ${type} frame yet: ${JSON.stringify(frames)}`);
        return found;
      },
      { timeout: 5000, interval: 20 },
    );
  /** Sends over the socket as the app does (a `send` frame) and waits for the hub's answer to that key. */
  const sendFrame = async (
    body: unknown,
    key: string = newKey(),
  ): Promise<{ key: string; status: number; body: any; bookmark?: string }> => {
    const answered = frames.length;
    ws.send(JSON.stringify({ type: 'send', key, body }));
    return vi.waitFor(
      () => {
        const found = frames.slice(answered).find((f) => f.type === 'sent' && f.key === key);
        if (!found) throw new Error(`no answer to ${key} yet`);
        return found;
      },
      { timeout: 5000, interval: 10 },
    );
  };
  return { ws, frames, next, sendFrame };
}

import type { ChatMessage } from '../../core/schemas/chat';

/**
 * A message as the conversation's Durable Object keeps it (worker/chat/conversation-log.ts): the D1 row's columns
 * without tenant and conversation (the object's name carries both). The id is the one D1 gave the message, so
 * receipts (read_upto, delivered_upto, cleared_upto in chat_sides) keep meaning the same message.
 */
export interface LogMessage {
  id: number;
  sender_profile_id: number;
  sender_member_id: number | null;
  recipient_profile_id: number;
  kind: ChatMessage['kind'];
  body: string | null;
  gift: string | null;
  photo_id: number | null;
  cost: number;
  client_key: string;
  created_at: string;
}

export const LOG_COLUMNS = [
  'id',
  'sender_profile_id',
  'sender_member_id',
  'recipient_profile_id',
  'kind',
  'body',
  'gift',
  'photo_id',
  'cost',
  'client_key',
  'created_at',
] as const satisfies readonly (keyof LogMessage)[];

/** What the object holds, in a form both stores compute alike: its count, its newest id and a checksum. */
export interface LogSummary {
  count: number;
  maxId: number;
  checksum: string;
}

/**
 * The checksum of a conversation's messages (in id order): SHA-256 over one JSON line per message, every column in
 * LOG_COLUMNS order. D1's rows and the object's give the same value exactly when they hold the same messages.
 */
export async function summarize(rows: readonly LogMessage[]): Promise<LogSummary> {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const text = sorted.map((r) => JSON.stringify(LOG_COLUMNS.map((c) => r[c] ?? null))).join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const checksum = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { count: sorted.length, maxId: sorted.at(-1)?.id ?? 0, checksum };
}

/** One conversation's object: named on the server from the brand and the conversation id, never from client input. */
export function conversationLog(env: Env, tenantId: string, conversationId: number) {
  return env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(`${tenantId}:${conversationId}`));
}

import type { LogMessage } from './log-rows';
import type { MessageRow, ShownRow } from './messages';

/**
 * What a member's chat side keeps of the conversation's newest message for the chat list (migration 0044, docs/
 * decisions/016): the list reads sides, never messages, so D1 holds no message bodies. Stored as a JSON array, not
 * an object, and without the send's key: a side is most of what a conversation costs D1 once its messages live in
 * their object, and the keys' names doubled it (issue 49's budget, `BENCH_ONLY=messages npm run bench`). The text is
 * cut to PREVIEW_CHARS.
 */
export interface SidePreview {
  id: number;
  sender_profile_id: number;
  kind: MessageRow['kind'];
  body: string | null;
  gift: string | null;
  photo_id: number | null;
  created_at: string;
}

export const PREVIEW_CHARS = 80;

/** SQL: the preview of message row `alias` (a row with the messages table's columns), in SidePreview's order. */
export const previewJson = (alias: string) =>
  `json_array(${alias}.id, ${alias}.sender_profile_id, ${alias}.kind, substr(${alias}.body, 1, ${PREVIEW_CHARS}), ${alias}.gift,
    ${alias}.photo_id, ${alias}.created_at)`;

/** SQL: the message id of the preview in column `column`. */
export const previewId = (column: string) => `json_extract(${column}, '$[0]')`;
/** SQL: the sender's profile id of the preview in column `column`. */
export const previewSender = (column: string) => `json_extract(${column}, '$[1]')`;

export function parsePreview(json: string | null | undefined): SidePreview | null {
  if (!json) return null;
  const [id, sender_profile_id, kind, body, gift, photo_id, created_at] = JSON.parse(json) as [
    number,
    number,
    SidePreview['kind'],
    string | null,
    string | null,
    number | null,
    string,
  ];
  return { id, sender_profile_id, kind, body, gift, photo_id, created_at };
}

/** A log's message as the list shows it (the member's own newest, read from the log while the peer's are held). */
export function logToPreview(m: LogMessage): SidePreview {
  const { id, sender_profile_id, kind, body, gift, photo_id, created_at } = m;
  return { id, sender_profile_id, kind, body: body === null ? null : body.slice(0, PREVIEW_CHARS), gift, photo_id, created_at };
}

/** A preview as MESSAGE_COLUMNS read a message, its photo's files from `files` (photoFiles in worker/chat/log.ts). */
export function previewToMessageRow(
  p: SidePreview,
  conversationId: number,
  files: ReadonlyMap<number, { filename: string; thumb_filename: string }>,
): ShownRow {
  const photo = p.photo_id !== null ? files.get(p.photo_id) : undefined;
  return {
    id: p.id,
    conversation_id: conversationId,
    sender_profile_id: p.sender_profile_id,
    kind: p.kind,
    body: p.body,
    gift: p.gift,
    client_key: null,
    created_at: p.created_at,
    photo_filename: photo?.filename ?? null,
    photo_thumb: photo?.thumb_filename ?? null,
  };
}

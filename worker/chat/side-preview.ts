import type { MessageRow } from './messages';

/**
 * What a member's chat side keeps of a message for the chat list (migration 0044, docs/decisions/016 step 1): the
 * list reads sides, never messages, so D1 can stop holding message bodies. The text is cut to PREVIEW_CHARS.
 */
export interface SidePreview {
  id: number;
  sender_profile_id: number;
  kind: MessageRow['kind'];
  body: string | null;
  gift: string | null;
  photo_id: number | null;
  client_key: string;
  created_at: string;
}

export const PREVIEW_CHARS = 80;

/** SQL: the preview JSON of message row `alias` (a row with the messages table's columns). */
export const previewJson = (alias: string) =>
  `json_object('id', ${alias}.id, 'sender_profile_id', ${alias}.sender_profile_id, 'kind', ${alias}.kind,
    'body', substr(${alias}.body, 1, ${PREVIEW_CHARS}), 'gift', ${alias}.gift, 'photo_id', ${alias}.photo_id,
    'client_key', ${alias}.client_key, 'created_at', ${alias}.created_at)`;

export function parsePreview(json: string | null | undefined): SidePreview | null {
  return json ? (JSON.parse(json) as SidePreview) : null;
}

/** A preview as MESSAGE_COLUMNS read a message, its photo's files from `files` (photoFiles in worker/chat/log.ts). */
export function previewToMessageRow(
  p: SidePreview,
  conversationId: number,
  files: ReadonlyMap<number, { filename: string; thumb_filename: string }>,
): MessageRow {
  const photo = p.photo_id !== null ? files.get(p.photo_id) : undefined;
  return {
    id: p.id,
    conversation_id: conversationId,
    sender_profile_id: p.sender_profile_id,
    kind: p.kind,
    body: p.body,
    gift: p.gift,
    client_key: p.client_key,
    created_at: p.created_at,
    photo_filename: photo?.filename ?? null,
    photo_thumb: photo?.thumb_filename ?? null,
  };
}

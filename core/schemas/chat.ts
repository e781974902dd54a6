import { z } from 'zod';
import { ImageSchema } from './user';

/**
 * The chat contract (issue 5, docs/api/chat.md). SPEC.md shows only the list item's shape
 * ({ conversation: { id }, profile: { id }, num_unread_messages }); the rest is ours.
 */

import { GIFTS, MESSAGE_KINDS } from '../chat-constants';

export { GIFTS, MESSAGE_KINDS, MESSAGE_PAGE, giftImage, type Gift, type MessageKind } from '../chat-constants';

/** The other side of a conversation. Fictional (operator-made) profiles carry the brand's fictional label. */
export const ChatProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  main_image: ImageSchema.nullable(),
});
export type ChatProfile = z.infer<typeof ChatProfileSchema>;

export const ChatMessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  from_me: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string().nullable(),
  gift: z.string().nullable(),
  photo: ImageSchema.nullable(),
  created_at: z.string(),
  /** Only for one's own messages: sent (stored), delivered (reached a tab of the recipient), read. */
  status: z.enum(['sent', 'delivered', 'read']).nullable(),
  client_key: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatListItemSchema = z.object({
  conversation: z.object({ id: z.number(), last_message: ChatMessageSchema.nullable(), updated_at: z.string() }),
  profile: ChatProfileSchema,
  num_unread_messages: z.number().int(),
});
export type ChatListItem = z.infer<typeof ChatListItemSchema>;

/**
 * GET /api/chats.php. new_likes (ours) is the count for the likes badge, so the counters need one call; likes
 * from invisible members and blockers do not count.
 */
export const ChatsResponseSchema = z.object({ chats: z.array(ChatListItemSchema), new_likes: z.number().int() });
export type ChatsResponse = z.infer<typeof ChatsResponseSchema>;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/chat.php?id=<conversation>&before=<message id>, or ?profile=<id> for a conversation not yet started. */
export const ChatQuerySchema = z
  .object({ id: id.optional(), profile: id.optional(), before: id.optional() })
  .refine((q) => (q.id === undefined) !== (q.profile === undefined), { message: 'validation.invalid', path: ['id'] });

/** GET /api/chat.php answer. conversation is null while nothing was written to the profile yet. */
export const ChatResponseSchema = z.object({
  conversation: z.object({ id: z.number() }).nullable(),
  profile: ChatProfileSchema,
  messages: z.array(ChatMessageSchema),
  has_more: z.boolean(),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** The client's idempotency key of a send (Idempotency-Key header): a retry with the same key is the same send. */
export const ClientKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.chat_key');

// Built once per length: a zod schema is costly to build, and every send of a brand uses the same one.
const sendSchemas = new Map<number, ReturnType<typeof buildSendMessageSchema>>();

/** POST /api/chat.php: the body of a send; the maximum length is the brand's message_length. */
export function sendMessageSchema(maxLength: number) {
  let schema = sendSchemas.get(maxLength);
  if (!schema) sendSchemas.set(maxLength, (schema = buildSendMessageSchema(maxLength)));
  return schema;
}

function buildSendMessageSchema(maxLength: number) {
  const to = z.union([z.strictObject({ conversation_id: id }), z.strictObject({ profile_id: id })], { message: 'validation.invalid' });
  return z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        to,
        kind: z.literal('text'),
        text: z.string().trim().min(1, 'validation.chat_empty').max(maxLength, 'validation.chat_too_long'),
      }),
      z.strictObject({ to, kind: z.literal('gift'), gift: z.enum(GIFTS, { message: 'validation.chat_gift' }) }),
      z.strictObject({ to, kind: z.literal('photo'), photo_id: id }),
    ],
    { message: 'validation.invalid' },
  );
}
export type SendMessage = z.infer<ReturnType<typeof sendMessageSchema>>;

/** A send over the live socket (core/schemas/live.ts LiveSendFrame): its key and body are checked as the POST's are. */
export const LiveSendFrameSchema = z.strictObject({ type: z.literal('send'), key: z.string().max(200), body: z.unknown() });

/** POST /api/chat.php answer: 201 for a new message, 200 with the same body for a repeated key. */
export const SendResponseSchema = z.object({
  message: ChatMessageSchema,
  conversation: z.object({ id: z.number() }),
  credits: z.number().int(),
});
export type SendResponse = z.infer<typeof SendResponseSchema>;

/** DELETE /api/chat.php (SPEC.md §7: body conversation) and PUT /api/chat.php (mark read). */
export const ConversationRefSchema = z.object({ conversation: z.object({ id }) });

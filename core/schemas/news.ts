import { z } from 'zod';

/**
 * A brand's news (issue 46, item 13): what an admin writes once and the brand sends to the members who chose its
 * news, by e-mail (`email.news`, the marketing consent) and by push (`push.news`). Never to anyone else.
 */
export const NewsPostSchema = z.object({
  brand: z.string().min(1, 'validation.field_required').max(40),
  subject: z.string().trim().min(3, 'validation.field_required').max(120),
  /** Plain text; the mail layout escapes it and keeps its paragraphs. */
  body: z.string().trim().min(10, 'validation.field_required').max(5000),
  /** A random id the workspace makes per form: the same post sent twice goes out once. */
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type NewsPost = z.infer<typeof NewsPostSchema>;

/** What the post reached: mails written to the outbox and pushes delivered. `repeated`: an earlier post with this request_id. */
export const NewsPostAnswerSchema = z.object({
  id: z.number().int(),
  mails: z.number().int(),
  pushes: z.number().int(),
  repeated: z.boolean(),
});

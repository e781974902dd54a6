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

/**
 * What the post was queued for: the members who chose news by e-mail and (with a device) by push when it was sent.
 * The NEWS queue delivers it in batches off the request (worker/staff/news/news-queue.ts). `repeated`: an earlier post
 * with this request_id, answered as it stands now.
 */
export const NewsPostAnswerSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'sent']),
  mails: z.number().int(),
  pushes: z.number().int(),
  repeated: z.boolean(),
});

/** GET news.php: the brand to look at. */
export const NewsQuerySchema = z.object({ brand: z.string().min(1, 'validation.field_required').max(40) });

/** One earlier post: what it was queued for and what has gone out so far (mails written, pushes a device took). */
export const NewsPostRowSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  staff_name: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['queued', 'sent']),
  queued_mails: z.number().int(),
  queued_pushes: z.number().int(),
  mails: z.number().int(),
  pushes: z.number().int(),
});
export type NewsPostRow = z.infer<typeof NewsPostRowSchema>;

/**
 * GET news.php: who a post would reach now (computed with the very conditions the sending uses) and the brand's
 * latest posts.
 */
export const NewsOverviewSchema = z.object({
  audience: z.object({ mails: z.number().int(), pushes: z.number().int() }),
  posts: z.array(NewsPostRowSchema),
});

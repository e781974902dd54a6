import { NewsOverviewSchema, NewsPostAnswerSchema, NewsPostSchema, NewsQuerySchema } from '../schemas/news';
import type { Operation } from './operation';

/**
 * A brand's news (issue 46, item 13): the one thing the "news" choices of a member's notification settings (e-mail:
 * the marketing consent; push) switch on. Sent to exactly the members who chose it, each mail with its own
 * one-click unsubscribe link (RFC 8058) that works without logging in.
 */
export const NEWS_STAFF_OPERATIONS = [
  {
    method: 'get',
    path: '/api/staff/news.php',
    operationId: 'staffNewsOverview',
    tag: 'staff',
    auth: 'staff',
    role: 'admin',
    scope: 'named',
    summary: "How many members the brand's news would reach by e-mail and by push, and its latest posts",
    query: NewsQuerySchema,
    responses: { 200: { description: 'The audience and the latest posts.', schema: NewsOverviewSchema } },
    errors: { 400: ['validation_failed'] },
  },
  {
    method: 'post',
    path: '/api/staff/news.php',
    operationId: 'staffSendNews',
    tag: 'staff',
    auth: 'staff',
    role: 'admin',
    scope: 'named',
    summary: "Queue the brand's news for the members who chose it (e-mail and push); the NEWS queue sends it in batches",
    body: { schema: NewsPostSchema },
    responses: { 201: { description: 'How many mails and pushes were queued.', schema: NewsPostAnswerSchema } },
    errors: { 400: ['validation_failed'] },
  },
] as const satisfies readonly Operation[];

import { NewsPostAnswerSchema, NewsPostSchema } from '../schemas/news';
import type { Operation } from './operation';

/**
 * A brand's news (issue 46, item 13): the one thing the "news" choices of a member's notification settings (e-mail:
 * the marketing consent; push) switch on. Sent to exactly the members who chose it, each mail with its own
 * one-click unsubscribe link (RFC 8058) that works without logging in.
 */
export const NEWS_STAFF_OPERATIONS = [
  {
    method: 'post',
    path: '/api/staff/news.php',
    operationId: 'staffSendNews',
    tag: 'staff',
    auth: 'staff',
    role: 'admin',
    scope: 'named',
    summary: "Send the brand's news to the members who chose it (e-mail and push)",
    body: { schema: NewsPostSchema },
    responses: { 201: { description: 'How many mails and pushes went out.', schema: NewsPostAnswerSchema } },
    errors: { 400: ['validation_failed'] },
  },
] as const satisfies readonly Operation[];

import { AppealAnswerSchema, AppealSchema, ReportAnswerSchema, ReportSchema, StatementsAnswerSchema } from '../schemas/reports';
import type { Operation } from './operation';

/**
 * Notice and action (issue 45 items 6-8; DSA Art. 16, 17, 20): "Melden" on a profile, photo or message, the
 * member's statements of reasons and their appeal. docs/api/reports.md.
 */
export const REPORTS_OPERATIONS = [
  {
    method: 'post',
    path: '/api/report.php',
    operationId: 'report',
    tag: 'members',
    auth: 'optional',
    summary: 'Report a profile, photo or message (a visitor: what they can see; a member: also a message of their own conversations)',
    description:
      "Acknowledged at once with a reference (N-<id>), and by mail where an address is known (the member's own, or the one a visitor gave). A flood from one member or address is refused with 429 report_flood, and the notice is kept.",
    body: { schema: ReportSchema },
    responses: { 201: { description: 'Received, with its reference.', schema: ReportAnswerSchema } },
    errors: { 400: ['validation_failed'], 403: ['csrf'], 404: ['report_target_not_found'], 429: ['report_flood'] },
    contract: {
      as: 'premium',
      body: { target: 'profile', id: 1, reason: 'other', text: 'Contract suite run $run' },
      expect: [201, 404, 429],
      note: 'Profile 1 may not exist on the backend: then 404 report_target_not_found.',
    },
  },
  {
    method: 'get',
    path: '/api/statements.php',
    operationId: 'statements',
    tag: 'account',
    auth: 'member',
    summary: "The session member's statements of reasons (restrictions of their content or account) and their appeals",
    responses: { 200: { description: 'Newest first.', schema: StatementsAnswerSchema } },
    errors: { 403: ['authentication_required'] },
    contract: { as: 'premium' },
  },
  {
    method: 'post',
    path: '/api/appeal.php',
    operationId: 'appeal',
    tag: 'account',
    auth: 'member',
    summary: "Appeal against one of the session member's own statements of reasons, within six months",
    body: { schema: AppealSchema },
    responses: { 201: { description: 'Received, with its reference (A-<id>).', schema: AppealAnswerSchema } },
    errors: {
      400: ['validation_failed'],
      403: ['authentication_required', 'csrf'],
      404: ['statement_not_found'],
      409: ['appeal_window_closed', 'appeal_exists'],
    },
    contract: {
      as: 'premium',
      body: { statement_id: 999999999, text: 'Contract suite appeal, run $run.' },
      expect: [404],
      note: 'No such statement of the demo member: refused, changes nothing.',
    },
  },
] as const satisfies readonly Operation[];

import {
  AppealDecisionAnswerSchema,
  AppealDecisionSchema,
  ReportDecisionAnswerSchema,
  ReportDecisionSchema,
  ReportsQuerySchema,
  StaffAppealsSchema,
  StaffReportsSchema,
  TransparencySchema,
} from '../schemas/reports';
import type { Operation } from './operation';

const INVALID = ['validation_failed'] as const;

/**
 * The staff side of notice and action (issue 45 items 6-8): the notices and appeals queues with their age and
 * deadline, the decisions (each restriction with its statement of reasons), and the transparency figures.
 */
export const REPORTS_STAFF_OPERATIONS = [
  {
    method: 'get',
    path: '/api/staff/reports.php',
    operationId: 'staffReports',
    tag: 'staff',
    auth: 'staff',
    role: 'moderator',
    scope: 'host',
    summary: "The brand's open notices, oldest first, with their age and the overdue flag",
    query: ReportsQuerySchema,
    responses: { 200: { description: 'The notices.', schema: StaffReportsSchema } },
    errors: { 400: INVALID },
  },
  {
    method: 'post',
    path: '/api/staff/report-decision.php',
    operationId: 'staffDecideReport',
    tag: 'staff',
    auth: 'staff',
    role: 'moderator',
    scope: 'host',
    summary: 'Decide a notice: no action, remove the photo or text, block the account or limit its visibility',
    body: { schema: ReportDecisionSchema },
    responses: {
      201: { description: 'The decision and its statement of reasons (none for no action).', schema: ReportDecisionAnswerSchema },
    },
    errors: { 400: INVALID, 404: ['report_not_found'], 409: ['report_decided', 'action_not_possible'] },
  },
  {
    method: 'get',
    path: '/api/staff/appeals.php',
    operationId: 'staffAppeals',
    tag: 'staff',
    auth: 'staff',
    role: 'moderator',
    scope: 'host',
    summary: "The brand's open appeals, oldest first, with the decision appealed and who made it",
    query: ReportsQuerySchema,
    responses: { 200: { description: 'The appeals.', schema: StaffAppealsSchema } },
    errors: { 400: INVALID },
  },
  {
    method: 'post',
    path: '/api/staff/appeal-decision.php',
    operationId: 'staffDecideAppeal',
    tag: 'staff',
    auth: 'staff',
    role: 'moderator',
    scope: 'host',
    summary: 'Decide an appeal (another staff member than the decider): uphold the decision or reverse it',
    body: { schema: AppealDecisionSchema },
    responses: { 200: { description: 'The appeal as decided.', schema: AppealDecisionAnswerSchema } },
    errors: { 400: INVALID, 403: ['appeal_same_staff'], 404: ['appeal_not_found'], 409: ['appeal_decided'] },
  },
  {
    method: 'get',
    path: '/api/staff/transparency.php',
    operationId: 'staffTransparency',
    tag: 'staff',
    auth: 'staff',
    role: 'admin',
    scope: 'host',
    summary: 'Notices, decisions, appeals and the median time to decision per month (the last 12 months)',
    query: ReportsQuerySchema,
    responses: { 200: { description: 'The figures per month, newest first.', schema: TransparencySchema } },
    errors: { 400: INVALID },
  },
] as const satisfies readonly Operation[];

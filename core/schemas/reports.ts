import { z } from 'zod';
import { DECISION_ACTIONS, GROUNDS, REPORT_REASONS, REPORT_TARGETS } from '../rules/moderation';

/**
 * Notices ("Melden"), statements of reasons and appeals (issue 45 items 6-8; DSA Art. 16, 17, 20): the member API's
 * bodies and answers, and the staff queue's. Issue messages are catalogue keys.
 */

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point (tab and line breaks allowed).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.too_long')
    .refine((v) => !CONTROL.test(v), 'validation.invalid');

/** POST /api/report.php: what is reported, why, and (a visitor) where the outcome may be mailed. */
export const ReportSchema = z.strictObject({
  target: z.enum(REPORT_TARGETS, 'validation.invalid'),
  id,
  reason: z.enum(REPORT_REASONS, 'validation.report_reason'),
  text: text(2000).optional(),
  /** A visitor's address for the acknowledgment and the outcome; a member's own address is used instead. */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email('validation.email_invalid'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type ReportBody = z.infer<typeof ReportSchema>;

export const ReportAnswerSchema = z
  .object({
    id: z.number().int(),
    /** What the reporter is told and quoted in their mails: N-<id>. */
    reference: z.string(),
    /** Whether the acknowledgment was also mailed (a member's address, or the visitor's). */
    mailed: z.boolean(),
  })
  .meta({ id: 'ReportAnswer' });

/** POST /api/appeal.php: the member's appeal against one of their own statements of reasons. */
export const AppealSchema = z.strictObject({
  statement_id: id,
  text: text(5000).pipe(z.string().min(10, 'validation.appeal_text')),
});

export const AppealAnswerSchema = z
  .object({ id: z.number().int(), reference: z.string(), state: z.literal('open') })
  .meta({ id: 'AppealAnswer' });

/** A statement of reasons as its member sees it (GET /api/statements.php). */
export const StatementSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  action: z.enum(DECISION_ACTIONS),
  ground: z.enum(GROUNDS),
  explanation: z.string().nullable(),
  automated: z.boolean(),
  created_at: z.string(),
  appeal_until: z.string(),
  appeal: z.object({ id: z.number().int(), state: z.enum(['open', 'upheld', 'reversed']), answer: z.string().nullable() }).nullable(),
});
export type Statement = z.infer<typeof StatementSchema>;
export const StatementsAnswerSchema = z.object({ statements: z.array(StatementSchema) }).meta({ id: 'Statements' });

// Staff side.
const brand = z.string().min(1).max(40).optional();
export const ReportsQuerySchema = z.object({ brand });

const Deadline = {
  /** Whole days since it was received. */
  age_days: z.number().int(),
  /** The deadline: received + the market rule's complaint days (7 by the card schemes' rule, or a brand's fewer). */
  due_at: z.string(),
  overdue: z.boolean(),
};

export const StaffReportSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  target: z.enum(REPORT_TARGETS),
  target_id: z.number().int(),
  profile: z.object({ id: z.number().int(), name: z.string(), fictional: z.boolean(), member_id: z.number().int().nullable() }),
  /** A reported photo's thumbnail key, for the moderator. */
  photo: z.object({ filename: z.string(), thumb_filename: z.string(), status: z.string() }).nullable(),
  /** A reported message as the reporter shared it: that message only, never the conversation. */
  shared_text: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  by_member: z.boolean(),
  created_at: z.string(),
  ...Deadline,
});
export const StaffReportsSchema = z.object({
  reports: z.array(StaffReportSchema),
  /** Notices kept from floods (refused to their sender, not in the queue). */
  flood: z.number().int(),
  days: z.number().int(),
});

export const ReportDecisionSchema = z.object({
  brand,
  report_id: id,
  action: z.enum(DECISION_ACTIONS),
  ground: z.enum(GROUNDS),
  explanation: z.string().trim().min(3, 'validation.field_required').max(2000, 'validation.too_long'),
});
export const ReportDecisionAnswerSchema = z.object({
  decision_id: z.number().int(),
  statement_id: z.number().int().nullable(),
});

export const StaffAppealSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  statement_id: z.number().int(),
  member_id: z.number().int(),
  text: z.string(),
  action: z.enum(DECISION_ACTIONS),
  ground: z.enum(GROUNDS),
  explanation: z.string().nullable(),
  /** The staff member who made the decision: they may not decide its appeal. */
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  ...Deadline,
});
export const StaffAppealsSchema = z.object({ appeals: z.array(StaffAppealSchema), days: z.number().int() });

export const AppealDecisionSchema = z.object({
  brand,
  appeal_id: id,
  outcome: z.enum(['upheld', 'reversed']),
  answer: z.string().trim().min(3, 'validation.field_required').max(2000, 'validation.too_long'),
});
export const AppealDecisionAnswerSchema = z.object({ id: z.number().int(), state: z.enum(['upheld', 'reversed']) });

/** The transparency figures (DSA Art. 15/24; acquirers): per month of the brand. */
export const TransparencyMonthSchema = z.object({
  month: z.string(),
  notices: z.number().int(),
  decisions: z.number().int(),
  restrictions: z.number().int(),
  automated: z.number().int(),
  appeals: z.number().int(),
  reversed: z.number().int(),
  /** Median hours from notice to decision, for the notices decided that month; null without any. */
  median_hours_to_decision: z.number().nullable(),
});
export const TransparencySchema = z.object({ brand: z.string(), months: z.array(TransparencyMonthSchema) });
export type TransparencyMonth = z.infer<typeof TransparencyMonthSchema>;

import {
  CancelContractAnswerSchema,
  CancelContractSchema,
  SpendingCheckSchema,
  SpendingLimitsBodySchema,
  SpendingPauseBodySchema,
  SpendingSettingsSchema,
} from '../schemas/spending';
import type { Operation } from './operation';

const UNSAFE = ['authentication_required', 'csrf'] as const;

/** What the market rules give a member (issue 45): their own spending limits and pause, and the pause screen's check. */
export const MARKET_OPERATIONS = [
  {
    method: 'get',
    path: '/api/spending-limits.php',
    operationId: 'spendingLimits',
    tag: 'shop',
    auth: 'member',
    summary: "The member's own spending limits per day, week and month and their pause, with what waits to apply",
    responses: { 200: { description: 'The limits and pause as they stand.', schema: SpendingSettingsSchema } },
    errors: { 403: ['authentication_required'] },
    contract: { as: 'premium' },
  },
  {
    method: 'put',
    path: '/api/spending-limits.php',
    operationId: 'setSpendingLimits',
    tag: 'shop',
    auth: 'member',
    summary: "Set the session member's limits (cents; null: none): lower at once, higher or none after 24 hours",
    body: { schema: SpendingLimitsBodySchema },
    responses: { 200: { description: 'The limits and pause as they stand now.', schema: SpendingSettingsSchema } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 409: ['spending_busy'] },
    contract: { as: 'fresh', stage: 6, body: { week: null }, note: 'No limit where there is none: changes nothing.' },
  },
  {
    method: 'put',
    path: '/api/spending-pause.php',
    operationId: 'setSpendingPause',
    tag: 'shop',
    auth: 'member',
    summary: "Pause the session member's purchases for 24h, 7d or 30d at once, or lift the pause (null) after 24 hours",
    body: { schema: SpendingPauseBodySchema },
    responses: { 200: { description: 'The limits and pause as they stand now.', schema: SpendingSettingsSchema } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 409: ['spending_busy'] },
    contract: { as: 'fresh', stage: 6, body: { pause: null }, note: 'Lifts a pause there is not: changes nothing.' },
  },
  {
    method: 'get',
    path: '/api/spending-check.php',
    operationId: 'spendingCheck',
    tag: 'shop',
    auth: 'member',
    summary: "Whether the checkout shows the pause screen first (the market's spending-warning rule), and what was spent",
    responses: { 200: { description: 'The decision and the spending of the last 24 hours and 30 days.', schema: SpendingCheckSchema } },
    errors: { 403: ['authentication_required'] },
    contract: { as: 'premium' },
  },
  {
    method: 'post',
    path: '/api/cancel-contract.php',
    operationId: 'cancelContract',
    tag: 'account',
    auth: 'optional',
    summary:
      '"Jetzt kündigen" (§ 312k BGB): the cancellation as received, confirmed by mail with date and time; a visitor gives an e-mail address (mailed only if a member has it)',
    body: { schema: CancelContractSchema },
    responses: { 201: { description: 'The confirmation: reference, contract, time received.', schema: CancelContractAnswerSchema } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 429: ['rate_limited'] },
    contract: { as: 'fresh', stage: 6, body: { name: 'C. Suite', contract: 'premium', kind: 'ordinary' } },
  },
] as const satisfies readonly Operation[];

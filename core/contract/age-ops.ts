import { z } from 'zod';
import { AgeCallbackBodySchema, AgeCheckQuerySchema, AgeCheckStatusSchema, AgeDeclarationSchema } from '../schemas/age';
import { OkSchema, type Operation } from './operation';

const UNSAFE = ['authentication_required', 'csrf'] as const;

/** The sandbox's query: the session the brand opened and its own id, as a provider's hosted page is opened. */
const SANDBOX_QUERY = z.object({ sessionId: z.string().max(100).optional(), sdkId: z.string().max(100).optional() }).loose();

/**
 * Age assurance (issue 45 items 2 and 3; docs/api/age-assurance.md): the member's standing and the start of a check on
 * the provider's page, the provider's signed callback, the local sandbox provider's page, and a visitor's
 * self-declaration on the site-entry warning.
 */
export const AGE_OPERATIONS = [
  {
    method: 'get',
    path: '/api/age-check.php',
    operationId: 'ageCheck',
    tag: 'account',
    auth: 'member',
    summary: "The member's age check for the visitor's country; ?session= (back from the provider) reads its result first",
    query: AgeCheckQuerySchema,
    responses: { 200: { description: 'What the country gates and where the member stands.', schema: AgeCheckStatusSchema } },
    errors: { 400: ['validation_failed'], 403: ['authentication_required'] },
    contract: { as: 'premium' },
  },
  {
    method: 'post',
    path: '/api/age-check.php',
    operationId: 'startAgeCheck',
    tag: 'account',
    auth: 'member',
    summary: "Start a check at the brand's age-assurance provider: the answer's url is its page (not after a pass)",
    responses: { 201: { description: 'Started: send the member to url.', schema: AgeCheckStatusSchema } },
    errors: { 403: UNSAFE, 409: ['age_check_passed'], 429: ['rate_limited'], 503: ['age_check_unavailable'] },
    contract: { as: 'fresh', stage: 6, expect: [201, 409, 503] },
  },
  {
    method: 'post',
    path: '/api/age-check-callback.php',
    operationId: 'ageCheckCallback',
    tag: 'account',
    auth: 'none',
    summary:
      "The age-assurance provider's signed notification (sandbox: X-Age-Signature, HMAC-SHA256 of the body; Yoti: RSA-PSS `signature` in the body); the result is fetched from the provider",
    body: { schema: AgeCallbackBodySchema },
    responses: { 200: { description: 'Recorded.', schema: OkSchema } },
    errors: {
      400: ['validation_failed', 'age_signature_invalid', 'age_result_stale'],
      404: ['age_check_unknown', 'not_found'],
      409: ['age_result_replayed'],
    },
    contract: {
      body: { session_id: 'contract', notification_id: 'contract', topic: 'session_completed', sent_at: '2026-01-01T00:00:00Z' },
      expect: [400, 404],
      note: 'A forged notification.',
    },
  },
  {
    method: 'get',
    path: '/api/age-sandbox.php',
    operationId: 'ageSandboxPage',
    tag: 'account',
    auth: 'none',
    summary: "The local age-assurance sandbox's page (local mode only)",
    query: SANDBOX_QUERY,
    responses: {
      200: { description: 'The check page: pass, fail, inconclusive, cancel.', media: 'text/html' },
      404: { description: "No such session on this brand (local mode); outside local mode the API's 404.", media: 'text/html' },
    },
    errors: { 404: ['not_found'] },
    contract: { query: { sessionId: 'contract' }, expect: [404] },
  },
  {
    method: 'post',
    path: '/api/age-sandbox.php',
    operationId: 'ageSandboxOutcome',
    tag: 'account',
    auth: 'none',
    summary: "The tester's outcome on the sandbox page: signed callback to the brand, then back to it (local mode only)",
    query: SANDBOX_QUERY,
    body: {
      schema: z.object({
        outcome: z.enum(['pass', 'fail', 'inconclusive', 'cancelled']),
        method: z.enum(['age_estimation', 'doc_scan']).optional(),
      }),
      type: 'form',
    },
    responses: {
      303: { description: "Back to the brand's age-check page (or its cancel URL).", redirect: true },
      404: { description: "No such session on this brand (local mode); outside local mode the API's 404.", media: 'text/html' },
    },
    errors: { 404: ['not_found'] },
    contract: { query: { sessionId: 'contract' }, body: { outcome: 'pass' }, expect: [404] },
  },
  {
    method: 'post',
    path: '/api/age-declaration.php',
    operationId: 'ageDeclaration',
    tag: 'account',
    auth: 'optional',
    summary: "A visitor's self-declaration on the site-entry warning, logged with its time and text version",
    body: { schema: AgeDeclarationSchema },
    responses: { 201: { description: 'Logged.', schema: OkSchema } },
    errors: { 400: ['validation_failed'], 403: ['csrf'], 429: ['rate_limited'] },
    contract: { body: { version: '2026-11-29', visitor: 'contract-suite-visitor-$run' } },
  },
] as const satisfies readonly Operation[];

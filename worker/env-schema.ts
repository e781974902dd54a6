import { z } from 'zod';
import type { Tenant } from '../core/schemas/tenant';
import { bindingOf } from './env-access';

/**
 * The environment (wrangler.toml [vars], the secrets of worker/secrets.d.ts, the bindings) checked once per isolate
 * at its first request (worker/index.ts), so a deployment that lacks a secret or has a typo in a var fails at once
 * with a message that names it, rather than at the first signup that signs a link or the first mail. Messages name
 * the variable and the rule, never its value. Tests (APP_ENV=test, vitest.config.ts) and local mode (.dev.vars, made
 * by scripts/lib/setup.mjs) pass it as they are.
 */

export const APP_ENVS = ['production', 'local', 'test'] as const;

const missingOr = (wrong: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is missing' : wrong);

/** An optional var: unset and empty mean the same (wrangler.toml writes `LOCAL_PORT = ""`). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const text = z.string({ error: 'must be text' });

const httpUrl = text.refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

const isD1 = (env: Env, name: string) => typeof bindingOf<D1Database>(env, name)?.prepare === 'function';

const EnvSchema = z
  .object({
    APP_ENV: z.enum(APP_ENVS, { error: missingOr(`must be one of ${APP_ENVS.join(', ')}`) }),
    /** Signs one-time links and the known-device cookie (worker/auth/tokens.ts appSecretKey). */
    APP_SECRET: z.string({ error: missingOr('must be text') }).min(32, 'must be at least 32 characters'),
    UPSTREAM_TIMEOUT_MS: optional(text.regex(/^[1-9]\d*$/, 'must be a whole number of milliseconds')),
    LOCAL_PORT: optional(text.regex(/^\d{1,5}$/, 'must be a port number or empty')),
    MAIL_EVENTS_SECRET: optional(text),
    MAIL_TRANSPORT: optional(z.enum(['http', 'cloudflare'], { error: 'must be http, cloudflare or unset (mails stay in the outbox)' })),
    MAIL_API_URL: optional(httpUrl),
    MAIL_API_KEY: optional(text),
    SMS_TRANSPORT: optional(z.enum(['http'], { error: 'must be http or unset (SMS stay in the outbox)' })),
    SMS_API_URL: optional(httpUrl),
    SMS_API_KEY: optional(text),
    OPS_ALERT_WEBHOOK_URL: optional(httpUrl),
    OPS_ALERT_WEBHOOK_SECRET: optional(text.min(16, 'must be at least 16 characters')),
    TEST_PUSH_HOST: optional(text.regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')),
    TEST_FAULTS: optional(z.literal('1', { error: 'must be 1 or unset' })),
    TEST_POSTBACK_HOST: optional(text.regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')),
  })
  .superRefine((vars, ctx) => {
    const need = (when: string, names: ('MAIL_API_URL' | 'MAIL_API_KEY' | 'SMS_API_URL' | 'SMS_API_KEY')[]) => {
      for (const name of names) if (!vars[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when}` });
    };
    if (vars.MAIL_TRANSPORT === 'http') need('MAIL_TRANSPORT=http', ['MAIL_API_URL', 'MAIL_API_KEY']);
    if (vars.SMS_TRANSPORT === 'http') need('SMS_TRANSPORT=http', ['SMS_API_URL', 'SMS_API_KEY']);
    // The tests' fault injection (worker/chat/test-faults.ts) has no business outside the test pool.
    if (vars.TEST_FAULTS !== undefined && vars.APP_ENV !== 'test')
      ctx.addIssue({ code: 'custom', path: ['TEST_FAULTS'], message: 'is for the test pool only (APP_ENV=test)' });
  });

/** What is wrong with the environment, one line per problem ("APP_SECRET: must be at least 32 characters"); [] if nothing. */
export function envProblems(env: Env, tenants: readonly Pick<Tenant, 'id' | 'database'>[]): string[] {
  const result = EnvSchema.safeParse(env);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Bindings: wrangler.toml's; a brand's database is named by its tenant file (docs/decisions/009-one-database-per-brand.md).
  const databases = new Set(['DB', ...tenants.map((t) => t.database)]);
  for (const name of databases) if (!isD1(env, name)) problems.push(`${name}: is not a D1 binding (wrangler.toml [[d1_databases]])`);
  if ((env as { MAIL_TRANSPORT?: string }).MAIL_TRANSPORT === 'cloudflare' && !bindingOf(env, 'MAIL'))
    problems.push('MAIL: is required when MAIL_TRANSPORT=cloudflare (wrangler.toml [[send_email]] name = "MAIL")');
  return problems;
}

let checked = false;

/**
 * Throws an Error naming every problem, until an environment passes; after that it checks nothing (an isolate's
 * environment does not change), so a request pays for it once.
 */
export function assertEnv(env: Env, tenants: readonly Pick<Tenant, 'id' | 'database'>[]): void {
  if (checked) return;
  const problems = envProblems(env, tenants);
  if (problems.length > 0)
    throw new Error(`The Worker's environment is invalid (wrangler.toml [vars], secrets):\n- ${problems.join('\n- ')}`);
  checked = true;
}

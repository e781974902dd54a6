import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { assertEnv, envProblems } from './env-schema';
import { TENANTS } from './tenants';

const SECRET = 'a-secret-that-nobody-may-ever-print-0123456789';
// The test pool's own fault switch (TEST_FAULTS) is left out: the cases below are other environments.
const valid = { ...env, APP_SECRET: SECRET, TEST_FAULTS: undefined } as Env;
const withVars = (vars: Record<string, unknown>) => ({ ...valid, ...vars }) as Env;

describe('the environment, checked once at the first request', () => {
  it('passes as the tests and local mode set it', () => {
    expect(envProblems(env, TENANTS)).toEqual([]);
    expect(envProblems(withVars({ APP_ENV: 'local', LOCAL_PORT: '8787' }), TENANTS)).toEqual([]);
    expect(envProblems(withVars({ APP_ENV: 'production', LOCAL_PORT: '', UPSTREAM_TIMEOUT_MS: '15000' }), TENANTS)).toEqual([]);
  });

  it('refuses a missing or short APP_SECRET, naming it and never its value', () => {
    expect(envProblems(withVars({ APP_SECRET: undefined }), TENANTS)).toEqual(['APP_SECRET: is missing']);
    const short = envProblems(withVars({ APP_SECRET: 'short-secret' }), TENANTS);
    expect(short).toEqual(['APP_SECRET: must be at least 32 characters']);
    expect(short.join()).not.toContain('short-secret');
  });

  it('refuses an http mail transport without its URL or key, and a transport it does not know', () => {
    expect(envProblems(withVars({ MAIL_TRANSPORT: 'http', MAIL_API_KEY: 'k' }), TENANTS)).toEqual([
      'MAIL_API_URL: is required when MAIL_TRANSPORT=http',
    ]);
    expect(envProblems(withVars({ MAIL_TRANSPORT: 'http', MAIL_API_URL: 'mail.example/send', MAIL_API_KEY: 'k' }), TENANTS)).toEqual([
      'MAIL_API_URL: must be an http(s) URL',
    ]);
    expect(
      envProblems(withVars({ MAIL_TRANSPORT: 'http', MAIL_API_URL: 'https://mail.example/send', MAIL_API_KEY: 'k' }), TENANTS),
    ).toEqual([]);
    expect(envProblems(withVars({ MAIL_TRANSPORT: 'HTTP' }), TENANTS)).toEqual([
      'MAIL_TRANSPORT: must be http, cloudflare or unset (mails stay in the outbox)',
    ]);
    expect(envProblems(withVars({ MAIL_TRANSPORT: 'cloudflare' }), TENANTS)).toEqual([
      'MAIL: is required when MAIL_TRANSPORT=cloudflare (wrangler.toml [[send_email]] name = "MAIL")',
    ]);
    expect(envProblems(withVars({ SMS_TRANSPORT: 'http' }), TENANTS)).toEqual([
      'SMS_API_URL: is required when SMS_TRANSPORT=http',
      'SMS_API_KEY: is required when SMS_TRANSPORT=http',
    ]);
  });

  it("refuses the tests' fault switch anywhere but the test pool", () => {
    expect(envProblems(withVars({ APP_ENV: 'test', TEST_FAULTS: '1' }), TENANTS)).toEqual([]);
    for (const APP_ENV of ['production', 'local'])
      expect(envProblems(withVars({ APP_ENV, TEST_FAULTS: '1' }), TENANTS)).toEqual([
        'TEST_FAULTS: is for the test pool only (APP_ENV=test)',
      ]);
  });

  it('refuses an unknown APP_ENV and a brand whose database is not bound', () => {
    expect(envProblems(withVars({ APP_ENV: 'staging' }), TENANTS)).toEqual(['APP_ENV: must be one of production, local, test']);
    expect(envProblems(withVars({ DB_VELVET: undefined }), TENANTS)).toEqual([
      'DB_VELVET: is not a D1 binding (wrangler.toml [[d1_databases]])',
    ]);
  });

  it('throws with every problem until an environment passes, then checks no more', () => {
    const broken = withVars({ APP_SECRET: 'short-secret', MAIL_TRANSPORT: 'http' });
    const thrown = (() => {
      try {
        assertEnv(broken, TENANTS);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(thrown).toContain('- APP_SECRET: must be at least 32 characters');
    expect(thrown).toContain('- MAIL_API_URL: is required when MAIL_TRANSPORT=http');
    expect(thrown).not.toContain('short-secret');
    expect(() => assertEnv(broken, TENANTS)).toThrow(/APP_SECRET/);
    assertEnv(valid, TENANTS);
    expect(() => assertEnv(broken, TENANTS)).not.toThrow();
  });
});

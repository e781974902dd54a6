import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { injectedFault } from './test-faults';

describe('the fault a test injects into a send', () => {
  it('is honoured only in the test pool with TEST_FAULTS=1', () => {
    expect(injectedFault(env, 'after-charge')).toBe('after-charge');
    expect(injectedFault(env, 'something-else')).toBeUndefined();
    expect(injectedFault(env, undefined)).toBeUndefined();
    expect(injectedFault({ ...env, TEST_FAULTS: undefined } as Env, 'after-charge')).toBeUndefined();
    expect(injectedFault({ ...env, APP_ENV: 'local' } as Env, 'after-charge')).toBeUndefined();
    expect(injectedFault({ ...env, APP_ENV: 'production' } as Env, 'after-charge')).toBeUndefined();
  });
});

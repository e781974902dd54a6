import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { bindingOf, brandSecret } from './env-access';

describe('per-brand secrets and bindings, read by name', () => {
  const vars = { ...env, VEROTEL_KEY_TEST: 'live_abc', EMPTY_KEY: '', NOT_TEXT: 42 } as unknown as Env;

  it('gives a secret its text, and undefined when it is unset, empty or not text', () => {
    expect(brandSecret(vars, 'VEROTEL_KEY_TEST')).toBe('live_abc');
    expect(brandSecret(vars, 'VAPID_PRIVATE_KEY_FLIRTLOKAAL')).toBe(
      (env as unknown as Record<string, string>).VAPID_PRIVATE_KEY_FLIRTLOKAAL,
    );
    expect(brandSecret(vars, 'VEROTEL_KEY_NOBODY')).toBeUndefined();
    expect(brandSecret(vars, 'EMPTY_KEY')).toBeUndefined();
    expect(brandSecret(vars, 'NOT_TEXT')).toBeUndefined();
  });

  it('gives a binding, and undefined for a name that is no binding', () => {
    expect(bindingOf<D1Database>(vars, 'DB_VELVET')).toBe(env.DB_VELVET);
    expect(bindingOf<D1Database>(vars, 'DB_NOWHERE')).toBeUndefined();
    expect(bindingOf<D1Database>(vars, 'VEROTEL_KEY_TEST')).toBeUndefined();
  });
});

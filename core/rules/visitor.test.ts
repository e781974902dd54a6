import { describe, expect, it } from 'vitest';
import { canSearchLoggedOut, canSignUpOpenly } from './visitor';

const base = { logged_out_search: 'all', logged_out_search_trafficsource: 'no' as const, signups: 'all' };

describe('visitor rules', () => {
  it("allows search unless logged_out_search is 'none'", () => {
    expect(canSearchLoggedOut(base, false)).toBe(true);
    expect(canSearchLoggedOut({ ...base, logged_out_search: 'none' }, true)).toBe(false);
  });
  it('needs a stored traffic source for the traffic-source variant', () => {
    const s = { ...base, logged_out_search_trafficsource: 'yes' as const };
    expect(canSearchLoggedOut(s, false)).toBe(false);
    expect(canSearchLoggedOut(s, true)).toBe(true);
  });
  it("opens signup for 'all', or 'with_trafficsource' with a source", () => {
    expect(canSignUpOpenly(base, false)).toBe(true);
    expect(canSignUpOpenly({ ...base, signups: 'with_trafficsource' }, false)).toBe(false);
    expect(canSignUpOpenly({ ...base, signups: 'with_trafficsource' }, true)).toBe(true);
    expect(canSignUpOpenly({ ...base, signups: 'invite' }, true)).toBe(false);
  });
});

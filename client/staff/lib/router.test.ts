import { describe, expect, it } from 'vitest';
import { matchStaffRoute } from './router';

describe('staff workspace routes', () => {
  it('matches every screen and nothing else', () => {
    expect(matchStaffRoute('/staff', '')).toEqual({ name: 'queue' });
    expect(matchStaffRoute('/staff/', '')).toEqual({ name: 'queue' });
    expect(matchStaffRoute('/staff/c/flirtlokaal/42', '')).toEqual({ name: 'conversation', brand: 'flirtlokaal', id: 42 });
    expect(matchStaffRoute('/staff/c/42', '')).toEqual({ name: 'not_found' });
    expect(matchStaffRoute('/staff/setup', '?token=abc')).toEqual({ name: 'setup', token: 'abc' });
    expect(matchStaffRoute('/staff/figures', '')).toEqual({ name: 'figures' });
    expect(matchStaffRoute('/staff/members', '?q=anna')).toEqual({ name: 'members' });
    expect(matchStaffRoute('/staff/members/velvetnights/900001', '')).toEqual({ name: 'member', brand: 'velvetnights', id: 900001 });
    expect(matchStaffRoute('/staff/members/900001', '')).toEqual({ name: 'not_found' });
    expect(matchStaffRoute('/staff/members/flirtlokaal/x', '')).toEqual({ name: 'not_found' });
    expect(matchStaffRoute('/staff/dashboard', '')).toEqual({ name: 'dashboard' });
    expect(matchStaffRoute('/staff/codes', '')).toEqual({ name: 'codes' });
    expect(matchStaffRoute('/staff/moderation/', '')).toEqual({ name: 'moderation' });
    expect(matchStaffRoute('/staff/c/flirtlokaal/x', '')).toEqual({ name: 'not_found' });
    expect(matchStaffRoute('/staff/nope', '')).toEqual({ name: 'not_found' });
    expect(matchStaffRoute('/staff/c/flirtlokaal/42//', '')).toEqual({ name: 'conversation', brand: 'flirtlokaal', id: 42 });
    expect(matchStaffRoute(`/staff/c/${'a'.repeat(41)}/42`, '')).toEqual({ name: 'not_found' });
    expect(matchStaffRoute('/staff/members/Flirt/1', '')).toEqual({ name: 'not_found' });
    expect(matchStaffRoute('/staff/setup', '')).toEqual({ name: 'setup', token: '' });
  });
});

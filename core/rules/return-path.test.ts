import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths on this site with their query', () => {
    expect(safeReturnPath('/chats/1')).toBe('/chats/1');
    expect(safeReturnPath('/members?gender=female&min_age=30')).toBe('/members?gender=female&min_age=30');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'chats/1',
    '',
    null,
    '/api/user.php',
    '/login',
    '/login?next=/x',
  ])('refuses %s', (raw) => expect(safeReturnPath(raw as string | null)).toBeNull());

  it('makes the login address carry the page', () => {
    expect(loginPathFor('/chats/1')).toBe('/login?next=%2Fchats%2F1');
    expect(loginPathFor('/')).toBe('/login');
  });
});

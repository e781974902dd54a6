import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern';

describe('route pattern of a request', () => {
  it('names an /api call by its path and a page by its pattern, without ids or tokens', () => {
    expect(routePattern('/api/user.php')).toBe('/api/user.php');
    expect(routePattern('/api/staff/operations.php')).toBe('/api/staff/operations.php');
    expect(routePattern('/api/someone@example.com.php')).toBe('/api/*');
    expect(routePattern('/members/12345')).toBe('/members/:id');
    expect(routePattern('/chats/987')).toBe('/chats/:id');
    expect(routePattern('/media/ab/cd/secret-photo.jpg')).toBe('/media/*');
    expect(routePattern('/staff/c/flirtlokaal/42')).toBe('/staff/*');
    expect(routePattern('/anything/someone@example.com')).toBe('other');
  });
});

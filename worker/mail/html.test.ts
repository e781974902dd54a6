import { describe, expect, it } from 'vitest';
import { safeUrl } from './html';

describe('safeUrl', () => {
  it('keeps absolute http(s) links', () => {
    expect(safeUrl('https://flirtlokaal.nl/activate?token=a.b')).toBe('https://flirtlokaal.nl/activate?token=a.b');
    expect(safeUrl('http://flirtlokaal.localhost:8787/x')).toBe('http://flirtlokaal.localhost:8787/x');
  });

  it('refuses script, data and relative links', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeUrl('/activate?token=x')).toBeNull();
  });
});

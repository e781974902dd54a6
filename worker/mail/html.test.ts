import { describe, expect, it } from 'vitest';
import { escapeHtml, safeUrl } from './html';

describe('escapeHtml', () => {
  it('makes markup inert', () => {
    expect(escapeHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('escapes quotes so a value cannot leave its attribute', () => {
    expect(escapeHtml(`" onmouseover='x'`)).toBe('&quot; onmouseover=&#39;x&#39;');
  });

  it('escapes the ampersand first, so entities are not double-read', () => {
    expect(escapeHtml('a&lt;b & c')).toBe('a&amp;lt;b &amp; c');
  });

  it('leaves ordinary text alone', () => {
    expect(escapeHtml('Zoë, 32 — Utrecht')).toBe('Zoë, 32 — Utrecht');
  });
});

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

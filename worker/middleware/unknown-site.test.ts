import { describe, expect, it } from 'vitest';
import { nestedErrorPage, unknownSitePage } from './unknown-site';

describe('the plain last-resort pages', () => {
  it('escape the texts they are given', () => {
    const page = nestedErrorPage({ title: '<script>alert(1)</script>', link: 'Terug & verder' });
    expect(page).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(page).toContain('<a href="/">Terug &amp; verder</a>');
    expect(page).not.toContain('<script>');
  });

  it('say plainly that the address is no site of ours, without scripts', () => {
    const page = unknownSitePage();
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<h1>Unknown site</h1>');
    expect(page).not.toContain('<script');
  });
});

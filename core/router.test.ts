import { describe, expect, it } from 'vitest';
import { matchRoute } from './router';
import { ROUTES } from './routes';

describe('matchRoute', () => {
  it('matches every route of SPEC.md §2 by name', () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['/', 'index'],
      ['/members', 'members'],
      ['/members/42', 'members-id', { id: '42' }],
      ['/members/42/chat', 'members-id-chat', { id: '42' }],
      ['/members/42/landing2', 'members-id-landing2', { id: '42' }],
      ['/members/42/landing3/summer-deal', 'members-id-landing3', { id: '42', slug: 'summer-deal' }],
      ['/likes/received', 'likes-type', { type: 'received' }],
      ['/likes/m/7', 'likes-m-id', { id: '7' }],
      ['/chats/9', 'chats-id', { id: '9' }],
      ['/credits/3', 'credits-id-paymentmethod', { id: '3' }],
      ['/credits/3/ideal', 'credits-id-paymentmethod', { id: '3', paymentmethod: 'ideal' }],
      ['/credits/repeat-order', 'credits-repeat-order'],
      ['/transactions', 'transactions-id'],
      ['/reset-password/do', 'reset-password-do'],
      ['/pages/return-policy', 'pages-return-policy'],
      ['/landers/tinderswipe', 'landers-tinderswipe'],
      ['/landers/gallery/spring', 'landers-variant', { variant: 'gallery', slug: 'spring' }],
      ['/members/', 'members'],
    ];
    for (const [path, name, params] of cases) {
      const m = matchRoute(path);
      expect(m?.def.name, path).toBe(name);
      if (params) expect(m?.params, path).toEqual(params);
    }
  });
  it('gives null (404) for unknown paths and malformed parameters', () => {
    for (const path of [
      '/nope',
      '/members/abc',
      '/members/1/2',
      '/likes/other',
      '/landers/unknown',
      '/chats/-1',
      '/members/1/landing2/%E0%A4%A',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(matchRoute(path), path).toBeNull();
    }
  });
  it('has unique route names', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });
});

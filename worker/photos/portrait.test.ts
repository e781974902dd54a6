import { describe, expect, it } from 'vitest';
import { portraitSvg } from './portrait';

/** Checks that every tag is closed in order and that there is exactly one root element, <svg>. */
function rootElements(svg: string): string[] {
  const stack: string[] = [];
  const roots: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else {
      if (stack.length === 0) roots.push(name);
      if (!selfClosing) stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  return roots;
}

describe('portraitSvg', () => {
  it('is deterministic', () => {
    const opts = { seed: '10000042-1', gender: 'female', size: 400, ageHint: 51 } as const;
    expect(portraitSvg(opts)).toBe(portraitSvg({ ...opts }));
  });

  it('draws different pictures for different seeds', () => {
    const pictures = new Set<string>();
    for (let i = 0; i < 20; i++) pictures.add(portraitSvg({ seed: `${i}-1`, gender: i % 2 ? 'male' : 'female', size: 200 }));
    expect(pictures.size).toBe(20);
    expect(portraitSvg({ seed: '7-1', gender: 'male', size: 200 })).not.toBe(portraitSvg({ seed: '7-2', gender: 'male', size: 200 }));
  });

  it('draws the same person with the same skin in every photo of a profile', () => {
    const skin = (svg: string) => /<path d="M12[26] 20[46]C[^"]*" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    const first = skin(portraitSvg({ seed: '31-1', gender: 'female', size: 200 }));
    expect(first).toBeDefined();
    for (const n of [2, 3, 4]) expect(skin(portraitSvg({ seed: `31-${n}`, gender: 'female', size: 200 }))).toBe(first);
  });

  it('is one small, self-contained <svg> root of the requested size', () => {
    for (let i = 0; i < 200; i++) {
      const svg = portraitSvg({ seed: `${i}-${(i % 4) + 1}`, gender: i % 2 ? 'male' : 'female', size: 240, ageHint: 18 + (i % 58) });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="240" height="300">')).toBe(true);
      expect(rootElements(svg)).toEqual(['svg']);
      expect(svg).not.toMatch(/<script|<foreignObject|<image|<text|href|on[a-z]+=/i);
      expect(svg).not.toMatch(/url\((?!#)/); // only references to its own gradient
      expect(svg.match(/https?:/g)).toEqual(['http:']); // the xmlns, nothing else
      expect(svg.length).toBeLessThan(6 * 1024);
    }
  });
});

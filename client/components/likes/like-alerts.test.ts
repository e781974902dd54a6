import { describe, expect, it } from 'vitest';
import { popupDelaySeconds } from './like-alerts';

describe('like popup delay', () => {
  it('reads a numeric t and nothing else', () => {
    expect(popupDelaySeconds('?t=5')).toBe(5);
    expect(popupDelaySeconds('?a=1&t=0.5')).toBe(0.5);
    for (const bad of ['', '?t=', '?t=abc', '?t=-3', '?t=1e3', '?t=99999']) expect(popupDelaySeconds(bad)).toBeNull();
  });
});

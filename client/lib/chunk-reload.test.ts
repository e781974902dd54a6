import { describe, expect, it } from 'vitest';
import { shouldReloadForChunkError } from './chunk-reload';

describe('shouldReloadForChunkError', () => {
  it('reloads the first time, then at most once per 60 s', () => {
    expect(shouldReloadForChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadForChunkError(1_000, 30_000)).toBe(false);
    expect(shouldReloadForChunkError(1_000, 60_999)).toBe(false);
    expect(shouldReloadForChunkError(1_000, 61_000)).toBe(true);
  });
});

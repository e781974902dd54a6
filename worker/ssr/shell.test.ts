import { describe, expect, it } from 'vitest';
import { scriptJson } from './shell';

describe('scriptJson', () => {
  it('cannot end its <script> element or break a line in old parsers, and reads back as the same value', () => {
    const value = { bio: '</script><script>alert(1)</script> <!-- x', lines: 'a\u2028b\u2029c', n: 1 };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual(value);
  });
});

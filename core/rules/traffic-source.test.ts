import { describe, expect, it } from 'vitest';
import {
  TRAFFIC_SOURCE_MAX_LENGTH,
  parseStoredTrafficSource,
  parseTrafficSource,
  sanitizeTrafficValue,
  serializeTrafficSource,
} from './traffic-source';

describe('sanitizeTrafficValue', () => {
  it('keeps tokens of letters, digits, dot, underscore and hyphen', () => {
    expect(sanitizeTrafficValue('ads-1_net.work')).toBe('ads-1_net.work');
  });
  it('drops every other character, markup and quotes included', () => {
    expect(sanitizeTrafficValue('<script>alert("x")</script>')).toBe('scriptalertxscript');
    expect(sanitizeTrafficValue('a b+c/d%20e;f=g')).toBe('abcd20efg');
    expect(sanitizeTrafficValue('zoë\u202e')).toBe('zo');
  });
  it(`cuts at ${TRAFFIC_SOURCE_MAX_LENGTH} characters`, () => {
    expect(sanitizeTrafficValue('x'.repeat(500))).toBe('x'.repeat(TRAFFIC_SOURCE_MAX_LENGTH));
    expect(sanitizeTrafficValue(`${'<'.repeat(10)}${'y'.repeat(70)}`)).toHaveLength(TRAFFIC_SOURCE_MAX_LENGTH);
  });
  it('gives null for nothing usable', () => {
    for (const value of ['', '   ', '<>', null, undefined, 42, ['a']]) expect(sanitizeTrafficValue(value)).toBeNull();
  });
});

describe('parseTrafficSource', () => {
  it('reads network, ref and sub1-3 from a query and ignores anything else', () => {
    const q = new URLSearchParams('network=ads1&ref=abc&sub1=s1&sub2=s2&sub3=s3&lb=1&utm_source=x');
    expect(parseTrafficSource(q)).toEqual({ network: 'ads1', ref: 'abc', sub1: 's1', sub2: 's2', sub3: 's3' });
  });
  it('keeps only the fields that have a usable value', () => {
    expect(parseTrafficSource(new URLSearchParams('network=&ref=%3C%3E&sub2=ok'))).toEqual({ sub2: 'ok' });
  });
  it('takes the first of repeated parameters', () => {
    expect(parseTrafficSource(new URLSearchParams('network=a&network=b'))).toEqual({ network: 'a' });
  });
  it('is null without any field', () => {
    expect(parseTrafficSource(new URLSearchParams('lb=1'))).toBeNull();
    expect(parseTrafficSource(null)).toBeNull();
    expect(parseTrafficSource({})).toBeNull();
  });
});

describe('stored traffic source', () => {
  it('serializes to compact JSON in a fixed field order and reads back', () => {
    const text = serializeTrafficSource({ sub1: 'b', network: 'a' });
    expect(text).toBe('{"network":"a","sub1":"b"}');
    expect(parseStoredTrafficSource(text)).toEqual({ network: 'a', sub1: 'b' });
  });
  it('sanitises again what comes back from a cookie', () => {
    expect(parseStoredTrafficSource('{"network":"<b>x</b>","evil":"y","ref":7}')).toEqual({ network: 'bxb' });
  });
  it('refuses what is not a JSON object', () => {
    for (const value of [undefined, '', 'nope', '[]', '"x"', 'null', `{"network":"${'a'.repeat(2000)}"}`]) {
      expect(parseStoredTrafficSource(value), String(value)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_TERMS_DATE } from '../constants';
import { termsVersionDate } from './terms-date';

describe('termsVersionDate', () => {
  it('is the default date without a company date, or with an unreadable one', () => {
    expect(termsVersionDate(null)).toBe(new Date(DEFAULT_TERMS_DATE).toISOString());
    expect(termsVersionDate(undefined)).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('not a date')).toBe('2023-12-01T12:00:00.000Z');
  });

  it('keeps the default when the company was added earlier or at the same moment', () => {
    expect(termsVersionDate('2023-06-15T08:00:00Z')).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2023-12-01T12:00:00Z')).toBe('2023-12-01T12:00:00.000Z');
  });

  it('takes the company added date when it is later', () => {
    expect(termsVersionDate('2024-03-01T09:00:00Z')).toBe('2024-03-01T09:00:00.000Z');
    expect(termsVersionDate('2023-12-01T12:00:01Z')).toBe('2023-12-01T12:00:01.000Z');
  });
});

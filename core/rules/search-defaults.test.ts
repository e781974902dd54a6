import { describe, expect, it } from 'vitest';
import { lookingFor, startCountry } from './search-defaults';

describe('search defaults', () => {
  it('looks for the sex the member is into', () => {
    expect(lookingFor('male', 'hetero')).toBe('female');
    expect(lookingFor('female', 'hetero')).toBe('male');
    expect(lookingFor('male', 'gay')).toBe('male');
    expect(lookingFor('female', 'lesbian')).toBe('female');
    expect(lookingFor('female', 'bi')).toBe('male');
  });
  it('starts in the member country only when the brand serves it', () => {
    expect(startCountry('BE', ['NL', 'BE'], 'NL')).toBe('BE');
    expect(startCountry('FR', ['NL', 'BE'], 'NL')).toBe('NL');
    expect(startCountry(null, ['NL'], 'NL')).toBe('NL');
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { ASKS_IF_REAL, anyAsksIfReal, asksIfReal } from './asks-if-real';

describe('asksIfReal', () => {
  it('flags the Dutch and English questions of the issue', () => {
    for (const text of [
      'Ben je echt?',
      'ben jij echt wel',
      'Dit is toch nep',
      'Ben je een bot??',
      'Are you REAL?',
      'this is fake',
      'you are a bot',
    ]) {
      expect(asksIfReal(text), text).toBe(true);
    }
  });

  it('has a list for each of the 12 languages, and each phrase flags itself', () => {
    for (const language of LANGUAGES) {
      expect(ASKS_IF_REAL[language].length, language).toBeGreaterThan(3);
      for (const phrase of ASKS_IF_REAL[language]) expect(asksIfReal(`hmm ${phrase}?`), phrase).toBe(true);
    }
  });

  it('matches whole words only', () => {
    expect(asksIfReal('Ik neppe niets, maar wat een nepalees gerecht')).toBe(false);
    expect(asksIfReal('Bottom line: I like robots')).toBe(false);
    expect(asksIfReal('Hoi, hoe gaat het?')).toBe(false);
    expect(asksIfReal(null)).toBe(false);
    expect(anyAsksIfReal(['hoi', null, 'ben je echt'])).toBe(true);
  });
});

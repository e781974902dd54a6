import { describe, expect, it } from 'vitest';
import { NEWS_PUSH_LENGTH, paragraphsOf, newsPushBody } from './news';

describe('news texts', () => {
  it('puts the push on one line and cuts it with an ellipsis', () => {
    expect(newsPushBody('Hallo\n\nDeze week   nieuw.')).toBe('Hallo Deze week nieuw.');
    const long = newsPushBody('a'.repeat(NEWS_PUSH_LENGTH + 10));
    expect(long).toHaveLength(NEWS_PUSH_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(newsPushBody('b'.repeat(NEWS_PUSH_LENGTH))).toBe('b'.repeat(NEWS_PUSH_LENGTH));
  });

  it('keeps paragraphs and line breaks', () => {
    expect(paragraphsOf('Hoi,\r\n\r\nRegel een\nRegel twee\n\n\n  Groet ')).toEqual([['Hoi,'], ['Regel een', 'Regel twee'], ['Groet']]);
    expect(paragraphsOf('Een alinea')).toEqual([['Een alinea']]);
  });
});

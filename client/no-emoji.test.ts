import { describe, expect, it } from 'vitest';

// Issue 19 item 8: the interface's chrome draws its icons with <Icon> (Lucide through UnoCSS), never with emoji or
// pictographic characters, which render as empty boxes or another vendor's picture on phones without an emoji font.
// The catalogues (locales/, the workspace's client/staff/i18n/) are checked for emoji too: their texts are shown in
// the same chrome (a camera emoji sat in the search page's cam link). Arrows that name the arrow keys in a text are
// characters, not emoji, and stay. A brand's fictional label (tenant files) is the brand's content, not checked here.
const sources = import.meta.glob(['./**/*.tsx', '../landers/**/*.tsx', '!./staff/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
// Emoji and pictographs, dingbats (✓ ✉ ★), arrows (← → ↻) and the variation selector that turns a sign into an emoji.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the variation selector is listed alone on purpose, to find it anywhere
const PICTOGRAPH = /[\u{1F000}-\u{1FAFF}\u{2190}-\u{21FF}\u{2300}-\u{23FF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}\u{FE0F}]/u;

const catalogues = import.meta.glob(['../locales/*.json', '../locales/pages/**/*.json', './staff/i18n/*.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
// Emoji proper: what a phone without an emoji font shows as a box (the arrows and dingbats of texts are fine there).
const EMOJI = /[\u{1F000}-\u{1FAFF}]|\u{FE0F}|\p{Emoji_Presentation}/u;

describe('no emoji in the interface', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });
  it('has no pictographic characters outside comments', () => {
    const found = Object.entries(sources).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => {
        const code = line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '');
        return PICTOGRAPH.test(code) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });
  it('has no emoji in the texts of the catalogues', () => {
    expect(Object.keys(catalogues).length).toBeGreaterThan(12);
    const found = Object.entries(catalogues).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => (EMOJI.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

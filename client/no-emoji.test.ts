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

// Issue 45 item 12: the fictional-profile marker is <FictionalMark> (an icon and the brand's words) in the member app and
// the landers' own icon; the tenant's fictional_icon (an emoji such as the theatre masks) stays an API field of SPEC.md
// (settings, user) and is printed nowhere: not by the apps, the landers, the server-made pages or the workspace.
const markerReaders = import.meta.glob(
  [
    './**/*.{ts,tsx}',
    '../landers/**/*.tsx',
    '../worker/ssr/**/*.{ts,tsx}',
    '../worker/staff/**/*.ts',
    '../worker/content/**/*.ts',
    '!./**/*.test.ts',
    '!../worker/**/*.test.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;
const READS_MARKER_EMOJI = /\.fictional_icon\b|\bfictional\.icon\b|\bicon: *(settings|tenant)/;

describe('no emoji in the interface', () => {
  it("never prints the tenant's fictional_icon: the marker is an icon with words", () => {
    expect(Object.keys(markerReaders).length).toBeGreaterThan(100);
    const found = Object.entries(markerReaders).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => {
        const code = line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '');
        return READS_MARKER_EMOJI.test(code) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
      }),
    );
    expect(found).toEqual([]);
    const mark = Object.entries(markerReaders).find(([file]) => file.endsWith('/components/fictional-mark.tsx'))?.[1] ?? '';
    expect(mark).toContain('<Icon name="i-lucide-drama"');
    expect(mark).toContain('fictional_singular');
  });

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

import { describe, expect, it } from 'vitest';
import type { ClientAssets, EntryAssets } from '../../build/client-assets';
import type { InitialState } from '../../core/state';
import { scriptJson, shellBody, shellHead, shellTail } from './shell';

describe('scriptJson', () => {
  it('cannot end its <script> element or break a line in old parsers, and reads back as the same value', () => {
    const value = { bio: '</script><script>alert(1)</script> <!-- x', lines: 'a\u2028b\u2029c', n: 1 };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual(value);
  });
});

const HOSTILE = '</script><script>alert(1)</script>"><img onerror=x>';

const entry = (styleRules: EntryAssets['styleRules'] = []): EntryAssets => ({
  script: '/assets/entry.js',
  preload: ['/assets/vendor.js'],
  css: ['/assets/app.css'],
  styleRules,
});
const assets = (dev = false): ClientAssets =>
  ({
    app: entry([{ css: '.p-4{padding:1rem}', classes: ['p-4'] }]),
    lander: entry(),
    staff: entry(),
    screens: { members: ['/assets/members.js'] },
    dev,
    sources: 'test',
    entryKeys: {},
  }) as unknown as ClientAssets;

describe('the page shell', () => {
  const settings = {
    description: `Dating ${HOSTILE}`,
    brand: { colors: { primary: `#f06}</style>${HOSTILE}`, secondary: '#123' } },
  } as unknown as InitialState['settings'];

  it('escapes a hostile brand name, description, colour and language in the head', () => {
    for (const dev of [false, true]) {
      const head = shellHead(
        { language: HOSTILE as InitialState['language'], settings, catalogueUrl: `/c.json?${HOSTILE}` },
        'members',
        HOSTILE,
        'n0nce',
        assets(dev),
      );
      expect(head).not.toContain('<script>alert(1)');
      expect(head).not.toContain('<img');
      expect(head).not.toContain('</style><');
      expect(head).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img onerror=x&gt;</title>');
      expect(head).toContain('<meta name="description" content="Dating &lt;/script&gt;');
      expect(head).toContain('<html lang="&lt;/script&gt;');
      expect(head).toContain('<link rel="preload" as="fetch" href="/c.json?&lt;/script&gt;');
    }
  });

  it("puts React's HTML in as it is and the state as inert JSON", () => {
    const body = shellBody('<div class="p-4">Anna &amp; Co</div>', assets());
    expect(body).toBe('<style>.p-4{padding:1rem}</style><div id="root"><div class="p-4">Anna &amp; Co</div>');
    const tail = shellTail({ bio: HOSTILE } as unknown as InitialState, 'n0nce', assets());
    expect(tail).not.toContain('</script><script>alert(1)');
    expect(tail).toContain('"bio":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\">\\u003cimg onerror=x>"');
    expect(tail).toContain('<script type="module" nonce="n0nce" src="/assets/entry.js"></script></body></html>');
  });
});

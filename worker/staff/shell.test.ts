import { describe, expect, it } from 'vitest';
import type { StaffBoot } from '../../core/staff-boot';
import { staffShell } from './shell';

const HOSTILE = '</script><script>alert(1)</script>"><img onerror=x>';

describe("the staff workspace's shell", () => {
  it('escapes a hostile brand name, colour and language, and keeps the boot data inert', () => {
    for (const dev of [false, true]) {
      const page = staffShell({
        boot: { language: HOSTILE, brand: HOSTILE } as unknown as StaffBoot,
        title: `${HOSTILE} · Staff`,
        nonce: 'n0nce',
        primary: `#f06}</style>${HOSTILE}`,
        assets: { script: '/assets/staff.js', preload: ['/assets/vendor.js'], css: ['/assets/staff.css'], styleRules: [] },
        dev,
      });
      expect(page).not.toContain('<script>alert(1)');
      expect(page).not.toContain('<img');
      expect(page).not.toContain('</style><');
      expect(page).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img onerror=x&gt; · Staff</title>');
      expect(page).toContain('<html lang="&lt;/script&gt;');
      expect(page).toContain('"brand":"\\u003c/script>\\u003cscript>alert(1)');
      expect(page).toContain('<script type="module" nonce="n0nce" src="/assets/staff.js"></script></body></html>');
    }
  });
});

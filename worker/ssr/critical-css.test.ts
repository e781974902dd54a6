import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss } from './critical-css';

const RULES = [
  { css: 'body{margin:0}', classes: [] },
  { css: '.flex{display:flex}', classes: ['flex'] },
  { css: '.hover\\:underline:hover{text-decoration:underline}', classes: ['hover:underline'] },
  { css: '.grid{display:grid}', classes: ['grid'] },
  { css: '@media (min-width:768px){.md\\:grid{display:grid}}', classes: ['md:grid'] },
  { css: '.\\[\\&\\>\\*\\]\\:m-0>*{margin:0}', classes: ['[&>*]:m-0'] },
];

describe('a page inlines the rules its HTML uses (worker/ssr/shell.ts)', () => {
  it('takes the rules without a class and those of its classes, variants included, in the sheet’s order', () => {
    const html = '<div class="md:grid flex"><a class="hover:underline" href="/">x</a><p>class="grid"</p></div>';
    expect(criticalCss(html, RULES)).toBe(
      'body{margin:0}.flex{display:flex}.hover\\:underline:hover{text-decoration:underline}@media (min-width:768px){.md\\:grid{display:grid}}',
    );
  });

  it('reads classes as React escapes them', () => {
    expect([...classesIn('<ul class="[&amp;&gt;*]:m-0  list"></ul><svg class="icon"></svg>')]).toEqual(['[&>*]:m-0', 'list', 'icon']);
    expect(criticalCss('<ul class="[&amp;&gt;*]:m-0"></ul>', RULES)).toBe('body{margin:0}.\\[\\&\\>\\*\\]\\:m-0>*{margin:0}');
  });
});

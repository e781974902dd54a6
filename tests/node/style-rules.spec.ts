import { expect, test } from '@playwright/test';
import { styleRules, unescapeCss } from '../../build/style-rules';

// The app's stylesheet split into rules a page can pick from (worker/ssr/critical-css.ts): what each rule is keyed
// by decides whether a page that needs it gets it.

test('every rule keeps its order, its text and its @media, keyed by the classes its selectors name', () => {
  const css = [
    '*,::before,::after{box-sizing:border-box}',
    'body{margin:0}',
    '.flex{display:flex}',
    '.hover\\:bg-gray-100:hover{background:#f3f4f6}',
    '.field select,.field input{border:1px solid}',
    '@media (min-width:768px){.md\\:grid{display:grid}.md\\:w-1\\/2{width:50%}}',
    '@keyframes spin{to{transform:rotate(360deg)}}',
    '.\\[transform\\:scale\\(\\.95\\)\\]{transform:scale(.95)}',
    '.a,h1{color:red}',
  ].join('');
  expect(styleRules(css)).toEqual([
    { css: '*,::before,::after{box-sizing:border-box}', classes: [] },
    { css: 'body{margin:0}', classes: [] },
    { css: '.flex{display:flex}', classes: ['flex'] },
    { css: '.hover\\:bg-gray-100:hover{background:#f3f4f6}', classes: ['hover:bg-gray-100'] },
    { css: '.field select,.field input{border:1px solid}', classes: ['field'] },
    { css: '@media (min-width:768px){.md\\:grid{display:grid}}', classes: ['md:grid'] },
    { css: '@media (min-width:768px){.md\\:w-1\\/2{width:50%}}', classes: ['md:w-1/2'] },
    { css: '@keyframes spin{to{transform:rotate(360deg)}}', classes: [] },
    { css: '.\\[transform\\:scale\\(\\.95\\)\\]{transform:scale(.95)}', classes: ['[transform:scale(.95)]'] },
    // One selector of the list applies without a class (h1): the rule is for every page.
    { css: '.a,h1{color:red}', classes: [] },
  ]);
});

test('CSS escapes read back as the class attribute writes them', () => {
  expect(unescapeCss('hover\\:bg-gray-100')).toBe('hover:bg-gray-100');
  expect(unescapeCss('\\31 0')).toBe('10');
  expect(unescapeCss('bg-info\\/15')).toBe('bg-info/15');
});

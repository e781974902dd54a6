import presetIcons from '@unocss/preset-icons';
import { defineConfig, presetWind3 } from 'unocss';

// Theme of SPEC.md §9. Primary and secondary are CSS variables so a brand sets its own from its tenant file.
export default defineConfig({
  // 'on-demand': the `*, ::before, ::after` rule declares only the --un-* variables of utilities in use (ring,
  // shadow...), not all ~48. Every element carried all of them, which made each style recalculation of the page
  // (and so its first paint and hydration) measurably slower. So transforms and filters are written as plain
  // properties (`[transform:scale(.95)]`, `hover:[filter:brightness(1.1)]`): their utilities would add 12 and 18
  // variables to every element; only the ring and shadow ones remain.
  // Icons (Lucide, through Iconify) are pure CSS: an `i-lucide-heart` class becomes a mask with the SVG inlined in
  // the stylesheet, only for the icons in use; no runtime JS, no font, no emoji boxes on phones without an emoji font.
  // They take the text colour (currentColor) and the text size (1.11em, the size the preset gave them), and carry no
  // meaning of their own: the element they sit in has the text or the aria-label. Each icon's rule holds only its SVG
  // (--un-icon); the mask, size and colour are the `.icon` rule's, once (client/components/icon.tsx puts both
  // classes on every icon), where the preset would repeat them in all 35 rules of the stylesheet every page inlines.
  presets: [
    presetWind3({ preflight: 'on-demand' }),
    presetIcons({
      processor(css) {
        for (const name of Object.keys(css)) if (name !== '--un-icon') delete css[name];
      },
    }),
  ],
  // Words of the code that are also utilities ("filter", "transform" of zod and arrays), never meant as classes: each
  // would declare its --un-* variables on every element (above).
  blocklist: ['filter', 'transform'],
  // The staff workspace has its own stylesheet: its sources must not add utilities to the members' CSS.
  content: { filesystem: ['client/**/*.{ts,tsx}', '!client/staff/**', 'landers/**/*.{ts,tsx}'] },
  theme: {
    colors: {
      primary: 'var(--c-primary)',
      secondary: 'var(--c-secondary)',
      success: '#198754',
      unread: '#198754',
      info: '#0dcaf0',
      warning: '#ffc107',
      danger: '#dc3545',
    },
    breakpoints: { sm: '576px', md: '768px', lg: '992px', xl: '1200px' },
    maxWidth: { 'modal-sm': '300px', modal: '500px', 'modal-lg': '800px', 'modal-xl': '1140px', toast: '350px' },
  },
  shortcuts: {
    btn: 'inline-block cursor-pointer rounded-lg border-0 px-4 py-2 font-semibold no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
    'btn-primary': 'bg-primary text-white hover:[filter:brightness(1.1)]',
    'btn-light': 'bg-white text-primary hover:bg-gray-100',
    'btn-outline': 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
    'btn-lg': 'px-6 py-3 text-lg',
    'nav-link': 'inline-flex items-center gap-1 rounded px-1 py-1 text-white no-underline hover:underline',
    'menu-item': 'block rounded px-3 py-2 text-gray-900 no-underline hover:bg-gray-100',
    alert: 'my-2 rounded-lg px-4 py-3 text-sm',
    'alert-info': 'bg-info/15 text-gray-900 ring-1 ring-info/40',
    'alert-warning': 'bg-warning/20 text-gray-900 ring-1 ring-warning/50',
    'alert-danger': 'bg-danger/10 text-danger ring-1 ring-danger/40',
    field: 'flex flex-col gap-1 text-sm font-medium text-gray-700',
  },
  // Dialogs (client/components/modal.tsx): the dialog element is its own dim layer, so it looks the same before
  // hydration (open, not yet modal, no ::backdrop); and the page behind an open one does not scroll, nor shift by the
  // width of the scroll bar it loses (the gutter stays).
  preflights: [
    {
      getCSS: () => `
*, ::before, ::after { box-sizing: border-box; border-width: 0; border-style: solid; border-color: #dee2e6; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; background: #f6f3f5; color: #212529; }
a { color: var(--c-primary); }
.container { width: 100%; }
h1, h2, h3 { overflow-wrap: break-word; hyphens: auto; }
@media (min-width: 576px) { .container { max-width: 540px; } }
@media (min-width: 768px) { .container { max-width: 720px; } }
@media (min-width: 992px) { .container { max-width: 960px; } }
@media (min-width: 1200px) { .container { max-width: 1140px; } }
.hero { background: linear-gradient(135deg, var(--c-primary), var(--c-secondary)); }
.field select, .field input { border: 1px solid #ced4da; border-radius: 0.5rem; padding: 0.5rem 0.6rem; font: inherit; background: #fff; min-width: 6rem; }
.icon { display: inline-block; vertical-align: -0.15em; flex-shrink: 0; width: 1.11em; height: 1.11em; color: inherit; background-color: currentColor; -webkit-mask: var(--un-icon) no-repeat; mask: var(--un-icon) no-repeat; -webkit-mask-size: 100% 100%; mask-size: 100% 100%; }
dialog::backdrop { background: transparent; }
html:has(dialog[open]) { overflow: hidden; scrollbar-gutter: stable; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
`,
    },
  ],
});

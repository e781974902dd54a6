import type { ClientAssets } from '../../build/client-assets';
import type { InitialState } from '../../core/state';
import { type HtmlEscapedString, html, htmlLines, raw } from '../html';
import { criticalCss } from './critical-css';

/** JSON that is safe inside a <script> element (the page's state, the workspace's boot data). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (ch) => SCRIPT_ESCAPES[ch]);
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * The app's stylesheet (UnoCSS: every utility and icon the app uses, ~39 kB) goes out in two parts. Each page inlines
 * the rules its own HTML uses (worker/ssr/critical-css.ts, before the body: the head goes out before the page is
 * rendered), so a first visit paints without waiting for a render-blocking request; the whole file follows at the
 * end of the body, cached for a year, for what the app renders after hydration. It comes as print-only, so it
 * holds back neither the parser nor the entry script (a plain stylesheet in the body does both in Chromium, and
 * hydration would wait for it); the entry makes it apply to the screen (client/entry.tsx). Without the rules (a
 * sheet that could not be inlined safely) the head links the file, render-blocking.
 */
function inlinesStyles(assets: ClientAssets): boolean {
  return !assets.dev && assets.app.styleRules.length > 0;
}

/** `deferred`: the whole stylesheet after the page's own rules, print-only; client/entry.tsx turns `media` to `all`. */
const stylesheetLinks = (assets: ClientAssets, deferred = false) =>
  htmlLines(
    assets.app.css.map((href) =>
      deferred ? html`<link rel="stylesheet" href="${href}" media="print" data-app-styles>` : html`<link rel="stylesheet" href="${href}">`,
    ),
  );

/** Vite's dev server: the react-refresh preamble and its client (the preamble is fixed text, written as it is). */
export const devPreamble = (nonce: string) =>
  html`<script type="module" nonce="${nonce}">import RefreshRuntime from "/@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;</script>
<script type="module" nonce="${nonce}" src="/@vite/client"></script>`;

/**
 * What the browser should fetch at once: the entry (its <script> is in the tail, after the page's data), and for a
 * lazy screen its chunks and the whole catalogue, which the entry would otherwise ask for only once it has run; it
 * hydrates that screen only when both are in (client/entry.tsx). `crossorigin` makes the catalogue's preload match
 * the entry's fetch (cors, same-origin credentials). The home page's screen is in the entry: it names neither.
 */
function preloadLinks(assets: ClientAssets, screen: string | null, catalogueUrl: string): HtmlEscapedString {
  const chunks = (screen && assets.screens[screen]) || [];
  const modules = [...new Set([assets.app.script, ...assets.app.preload, ...chunks])];
  const links = modules.map((href) => html`<link rel="modulepreload" href="${href}">`);
  if (chunks.length > 0) links.push(html`<link rel="preload" as="fetch" href="${catalogueUrl}" crossorigin>`);
  return htmlLines(links);
}

/**
 * Everything before the page's body: the head with the brand's colours and meta. It goes out before the page's
 * data is loaded (render.tsx), so it takes only what is known without it.
 */
export function shellHead(
  state: Pick<InitialState, 'language' | 'settings' | 'catalogueUrl'>,
  screen: string | null,
  title: string,
  nonce: string,
  assets: ClientAssets,
): string {
  const { settings } = state;
  const c = settings.brand.colors;
  const devScripts = assets.dev ? devPreamble(nonce) : inlinesStyles(assets) ? '' : stylesheetLinks(assets);
  return html`<!doctype html>
<html lang="${state.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<meta name="description" content="${settings.description}">
<meta name="theme-color" content="${c.primary}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
<style>:root{--c-primary:${c.primary};--c-secondary:${c.secondary}}</style>
${devScripts}
${preloadLinks(assets, screen, state.catalogueUrl)}
</head><body>`.toString();
}

/** The page's own styles, then the app's root with React's HTML of the page in it (trusted: React escaped it). */
export function shellBody(appHtml: string, assets: ClientAssets): string {
  const styles = inlinesStyles(assets) ? html`<style>${raw(criticalCss(appHtml, assets.app.styleRules))}</style>` : '';
  return html`${styles}<div id="root">${raw(appHtml)}`.toString();
}

/** Everything after React's HTML: the whole stylesheet, the state the browser hydrates with, then the client bundle. */
export function shellTail(state: InitialState, nonce: string, assets: ClientAssets): string {
  const styles = inlinesStyles(assets) ? stylesheetLinks(assets, true) : '';
  return html`</div>${styles}<script id="__STATE__" type="application/json">${raw(scriptJson(state))}</script>
<script type="module" nonce="${nonce}" src="${assets.app.script}"></script></body></html>`.toString();
}

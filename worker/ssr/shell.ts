import type { ClientAssets } from '../../build/client-assets';
import type { InitialState } from '../../core/state';
import { escapeHtml } from '../mail/html';

/** JSON that is safe inside a <script> element (the page's state, the workspace's boot data). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (ch) => SCRIPT_ESCAPES[ch]);
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * The app's stylesheet (UnoCSS: every utility and icon the app uses, ~8 kB gzip) inline: a first visit paints without
 * waiting for a render-blocking request. The file stays for landers and as the fallback if the text could not be
 * inlined safely.
 */
function stylesheets(assets: ClientAssets): string {
  let html = stylesheetHtml.get(assets);
  if (html === undefined) {
    const css = assets.app.inlineCss;
    html =
      css && !/<\/style/i.test(css)
        ? `<style>${css}</style>`
        : assets.app.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n');
    stylesheetHtml.set(assets, html);
  }
  return html;
}

/** Decided once per build's assets, not searched through for every page (the stylesheet is ~40 kB). */
const stylesheetHtml = new WeakMap<ClientAssets, string>();

/**
 * Everything before React's stream: the head with the brand's colours, styles and meta. It goes out before the
 * page's data is loaded (render.tsx), so it takes only what is known without it.
 */
export function shellHead(state: Pick<InitialState, 'language' | 'settings'>, title: string, nonce: string, assets: ClientAssets): string {
  const { settings } = state;
  const c = settings.brand.colors;
  const devScripts = assets.dev
    ? `<script type="module" nonce="${nonce}">import RefreshRuntime from "/@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;</script>
<script type="module" nonce="${nonce}" src="/@vite/client"></script>`
    : stylesheets(assets);
  // The entry itself too: its <script> is in the tail, after the page's data, and the browser should not wait for it.
  // (Not the route's lazy chunks yet: preloading them changed the order in which /premium's two parts set the title,
  // a race in the client that the chat browser test caught; see docs/decisions/010-head-first.md.)
  const preloads = [assets.app.script, ...assets.app.preload].map((href) => `<link rel="modulepreload" href="${href}">`).join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(state.language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(settings.description)}">
<meta name="theme-color" content="${c.primary}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
<style>:root{--c-primary:${c.primary};--c-secondary:${c.secondary}}</style>
${devScripts}
${preloads}
</head><body><div id="root">`;
}

/** Everything after React's stream: the state the browser hydrates with, then the client bundle. */
export function shellTail(state: InitialState, nonce: string, assets: ClientAssets): string {
  return `</div><script id="__STATE__" type="application/json">${scriptJson(state)}</script>
<script type="module" nonce="${nonce}" src="${assets.app.script}"></script></body></html>`;
}

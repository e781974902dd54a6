import type { EntryAssets } from '../../build/client-assets';
import type { StaffBoot } from '../../core/staff-boot';
import { html, htmlLines, raw } from '../html';
import { devPreamble, scriptJson } from '../ssr/shell';

export interface StaffShellOptions {
  boot: StaffBoot;
  title: string;
  nonce: string;
  primary: string;
  assets: EntryAssets;
  /** Vite's dev server: the react-refresh preamble and its client instead of built files. */
  dev: boolean;
}

/**
 * The workspace's page: an empty root, the boot data and the workspace's own script and stylesheet. Nothing of the
 * members' app (its bundle, catalogue or state) is on it, and it is never indexed or cached.
 */
export function staffShell({ boot, title, nonce, primary, assets, dev }: StaffShellOptions): string {
  const head = dev
    ? devPreamble(nonce)
    : htmlLines([
        ...assets.css.map((href) => html`<link rel="stylesheet" href="${href}">`),
        ...assets.preload.map((href) => html`<link rel="modulepreload" href="${href}">`),
      ]);
  return html`<!doctype html>
<html lang="${boot.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>:root{--c-primary:${primary}}</style>
${head}
</head><body><div id="staff-root"><noscript>JavaScript is required for the staff workspace.</noscript></div>
<script id="__STAFF__" type="application/json">${raw(scriptJson(boot))}</script>
<script type="module" nonce="${nonce}" src="${assets.script}"></script></body></html>`.toString();
}

import { html } from 'hono/html';

const PLAIN_STYLE = 'body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#333}';

/** The page for a host that is no brand of ours: plain, clear, no brand data, no scripts. */
export function unknownSitePage(): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Unknown site</title>
<style>${PLAIN_STYLE}</style></head>
<body><h1>Unknown site</h1><p>There is no website configured for this address. Please check the address you typed.</p></body></html>`.toString();
}

/**
 * Last resort when even the error page cannot be rendered (SPEC.md §2). The texts come from the catalogue of the
 * page's language; hono/html escapes them like every interpolated value.
 */
export function nestedErrorPage(text = { title: 'An error occurred while showing the error page', link: 'Go back to home' }): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Error</title>
<style>${PLAIN_STYLE}</style></head>
<body><h1>${text.title}</h1><p><a href="/">${text.link}</a></p></body></html>`.toString();
}

import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * The one way the Worker writes HTML by hand (issue 43, item 5): hono/html's `html` tag, which escapes every
 * interpolated value (&, <, >, " and ') unless it is an html`` fragment itself or marked `raw` (trusted markup only:
 * React's output, CSS the build made, JSON that `scriptJson` made safe for a <script>). Arrays are joined, and null,
 * undefined and booleans write nothing.
 *
 * With no Promise among its values hono's tag returns at once; this one makes that a rule, so the SSR head (sent
 * before the page's data, docs/decisions/010-head-first.md) never waits a microtask for its own markup. A page
 * that needs async parts uses hono's tag directly (`c.html` awaits it).
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): HtmlEscapedString {
  const out = honoHtml(strings, ...values);
  if (out instanceof Promise) throw new TypeError('html: an interpolated value is a Promise; use hono/html in an async page');
  return out;
}

export { raw };
export type { HtmlEscapedString };

/** Fragments one per line: each is markup this tag made (escaped already), so the join stays markup. */
export function htmlLines(fragments: readonly HtmlEscapedString[]): HtmlEscapedString {
  return raw(fragments.join('\n'));
}

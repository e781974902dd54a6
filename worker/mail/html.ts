// Links that reach a mail come from members and callers, and a mail client follows what it gets. (Escaping is
// hono/html's, worker/html.ts: the mail layout writes every value through it.)

/** The URL if it is an absolute http(s) URL, else null: a `javascript:` or relative link never becomes an href. */
export function safeUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

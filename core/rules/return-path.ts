/**
 * Where a member goes after logging in (issue 18 item 5): the page that sent them to login, but only a path on this
 * site. Anything that a browser could read as another origin (`//evil.example`, `/\evil.example`, `https://…`),
 * control characters, the API and the entry pages themselves are refused, so a crafted `/login?next=` link can never
 * send a member elsewhere after they typed their password.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  const path = sameSitePath(raw);
  if (!path || /^\/(api\/|login(?=[/?#]|$)|signup(?=[/?#]|$)|logout)/.test(path)) return null;
  return path;
}

/** `raw` as a path on this site (with its query and fragment), or null when a browser could read it otherwise. */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/')) return null;
  // Browsers treat '\' like '/' and drop tabs and newlines from URLs: '/\evil' and '/\t/evil' are protocol-relative.
  if (/[\\\u0000-\u001f\u007f]/.test(raw) || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://same.invalid');
  } catch {
    return null;
  }
  // The checks above read the raw text; resolving dot segments can still leave two slashes in front
  // ('/..//evil.example' and '/.//evil.example' become '//evil.example'), so the result is checked again.
  if (url.origin !== 'https://same.invalid' || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that brings the visitor back to `pathAndQuery` afterwards. */
export function loginPathFor(pathAndQuery: string): string {
  const next = safeReturnPath(pathAndQuery);
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

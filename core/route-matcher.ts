// Route matching for both apps: the member site's table (core/routes.ts, read by core/router.ts on the worker and in
// the browser) and the staff workspace's (client/staff/lib/router.ts). Each compiles its own table once.

interface Compiled<D> {
  def: D;
  regex: RegExp;
}

/** Turns `/members/:id(\d+)/landing2/:slug?([^/]+)` into an anchored regex with a named group per parameter. */
function compile<D extends { path: string }>(def: D): Compiled<D> {
  let source = '';
  for (const segment of def.path.split('/').slice(1)) {
    const param = /^:(\w+)(\?)?(?:\((.+)\))?$/.exec(segment);
    // Named groups: a constraint's own parentheses cannot shift which parameter is which.
    const group = param && `(?<${param[1]}>${param[3] ?? '[^/]+'})`;
    source += !param ? (segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : '/') : param[2] ? `(?:/${group})?` : `/${group}`;
  }
  return { def, regex: new RegExp(`^${source === '/' ? '/' : source}/?$`) };
}

export interface Matched<D> {
  def: D;
  params: Record<string, string>;
}

/**
 * The matcher of a route table (paths with `:param`, `:param?`, `:param(regex)`, segments matched whole; the first
 * route that matches wins). It finds the route of a path; null means 404. A malformed percent-escape is a 404, not a
 * crash.
 */
export function routeMatcher<D extends { path: string }>(routes: readonly D[]): (pathname: string) => Matched<D> | null {
  const compiled = routes.map(compile);
  return (pathname) => {
    if (pathname.length > 512) return null;
    for (const { def, regex } of compiled) {
      const m = regex.exec(pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      try {
        for (const [key, value] of Object.entries(m.groups ?? {})) if (value !== undefined) params[key] = decodeURIComponent(value);
      } catch {
        return null;
      }
      return { def, params };
    }
    return null;
  };
}

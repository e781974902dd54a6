// Route matching for both apps: the member site's table (core/routes.ts, read by core/router.ts on the worker and in
// the browser) and the staff workspace's (client/staff/lib/router.ts). Each compiles its own table once.

interface Compiled<D> {
  def: D;
  regex: RegExp;
  keys: string[];
}

/** Turns `/members/:id(\d+)/landing2/:slug?([^/]+)` into an anchored regex with named keys. */
function compile<D extends { path: string }>(def: D): Compiled<D> {
  const keys: string[] = [];
  let source = '';
  for (const segment of def.path.split('/').slice(1)) {
    const param = /^:(\w+)(\?)?(?:\((.+)\))?$/.exec(segment);
    if (!param) {
      source += segment === '' ? '/' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      continue;
    }
    keys.push(param[1]);
    // A constraint must not contain capturing groups of its own: they would shift the parameter indexes.
    const body = `(${param[3] ?? '[^/]+'})`;
    source += param[2] ? `(?:/${body})?` : `/${body}`;
  }
  return { def, regex: new RegExp(`^${source === '/' ? '/' : source}/?$`), keys };
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
    for (const { def, regex, keys } of compiled) {
      const m = regex.exec(pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      try {
        keys.forEach((key, i) => {
          if (m[i + 1] !== undefined) params[key] = decodeURIComponent(m[i + 1]);
        });
      } catch {
        return null;
      }
      return { def, params };
    }
    return null;
  };
}

import { ROUTES, type RouteDef, type RouteName } from './routes';

interface Compiled {
  def: RouteDef<RouteName>;
  regex: RegExp;
  keys: string[];
}

/** Turns `/members/:id(\d+)/landing2/:slug?([^/]+)` into an anchored regex with named keys. */
function compile(def: RouteDef<RouteName>): Compiled {
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

const COMPILED = ROUTES.map(compile);

export interface Matched {
  def: RouteDef<RouteName>;
  params: Record<string, string>;
}

/** Finds the route for a path; null means 404. A malformed percent-escape is a 404, not a crash. */
export function matchRoute(pathname: string): Matched | null {
  if (pathname.length > 512) return null;
  for (const { def, regex, keys } of COMPILED) {
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
}

export function routeByName(name: string): RouteDef<RouteName> | undefined {
  return ROUTES.find((r) => r.name === name);
}

import { ROUTES, type RouteDef, type RouteName } from './routes';
import { type Matched as MatchedRoute, routeMatcher } from './route-matcher';

export type Matched = MatchedRoute<RouteDef<RouteName>>;

/** Finds the member site's route for a path; null means 404. A malformed percent-escape is a 404, not a crash. */
export const matchRoute: (pathname: string) => Matched | null = routeMatcher<RouteDef<RouteName>>(ROUTES);

export function routeByName(name: string): RouteDef<RouteName> | undefined {
  return ROUTES.find((r) => r.name === name);
}

// Structural types (core/schemas imports core/rules, so not the other way round).
interface Routed<P extends string> {
  provider: P;
  routes?: Record<string, Partial<Record<string, readonly P[]>> | undefined>;
}

/**
 * The providers an order of this country and method goes through, in order (issue 44 item 3): the tenant file's
 * `payments.routes[country][method]`, or the brand's one `provider` when the file lists none (every tenant file
 * written before routing existed behaves as before).
 */
export function routeFor<P extends string>(payments: Routed<P>, country: string, method: string): readonly P[] {
  const listed = payments.routes?.[country]?.[method];
  return listed?.length ? listed : [payments.provider];
}

/**
 * Every provider the brand is routed to: its `provider` and each on a route. A stored mandate of any of them may be
 * charged again (a direct-debit mandate made at another provider than the brand's card acquirer, say).
 */
export function routedProviders<P extends string>(payments: Routed<P>): P[] {
  const all = Object.values(payments.routes ?? {}).flatMap((methods) => Object.values(methods ?? {}).flatMap((list) => [...(list ?? [])]));
  return [...new Set([payments.provider, ...all])];
}

/** The provider after `current` on the route, when a soft decline at `current` may cascade; null at the end. */
export function nextOnRoute<P extends string>(route: readonly P[], current: string): P | null {
  const at = route.indexOf(current as P);
  return at >= 0 && at + 1 < route.length ? route[at + 1] : null;
}

/**
 * A per-isolate circuit breaker for a brand's backend (issue 16 item 4, narrowed by issue 42 item 4). It opens for
 * one route of one backend, never for the whole brand: 5 failures of one kind (connect error, timeout, 5xx answer)
 * on that route within 30 s, from at least 3 different clients, short-circuit that route for 30 s. So a visitor
 * cannot take a brand down: what one client provokes (a malformed request the backend answers with a 500, a slow
 * query of its own) counts once however often it is repeated, and a broken route leaves every other route, and the
 * cached visitor pages, up. Per isolate on purpose: no shared state to read on the hot path.
 */
export const BREAKER = { failures: 5, clients: 3, windowMs: 30_000, openMs: 30_000 } as const;

export type FailureKind = 'connect' | 'timeout' | 'status';

interface State {
  failures: { at: number; client: string }[];
  openUntil: number;
}

/** Routes are whatever paths visitors ask for: the map is bounded, the oldest entry leaving first. */
const MAX_STATES = 1000;
const states = new Map<string, State>();

function stateOf(key: string): State {
  let state = states.get(key);
  if (!state) {
    if (states.size >= MAX_STATES) states.delete(states.keys().next().value!);
    states.set(key, (state = { failures: [], openUntil: 0 }));
  }
  return state;
}

const KINDS: FailureKind[] = ['connect', 'timeout', 'status'];

/** Whether calls to this route of the backend are short-circuited right now (any kind open). */
export function isOpen(route: string, now = Date.now()): boolean {
  return KINDS.some((kind) => (states.get(`${route}|${kind}`)?.openUntil ?? 0) > now);
}

/** Counts a failure of the route by one client; opens the route when enough clients saw it fail. */
export function recordFailure(route: string, kind: FailureKind, client: string, now = Date.now()): void {
  const state = stateOf(`${route}|${kind}`);
  state.failures = state.failures.filter((f) => f.at > now - BREAKER.windowMs);
  state.failures.push({ at: now, client });
  // A flood from one client keeps the recent few: enough to count clients, bounded in memory.
  if (state.failures.length > 50) state.failures.shift();
  const clients = new Set(state.failures.map((f) => f.client)).size;
  if (state.failures.length >= BREAKER.failures && clients >= BREAKER.clients) {
    state.openUntil = now + BREAKER.openMs;
    state.failures = [];
  }
}

/**
 * A per-isolate circuit breaker per brand upstream (issue 16, item 4): 5 failures (connect error, timeout, 5xx)
 * within 30 s open it for 30 s, during which calls fail at once instead of each waiting for a dead backend.
 * Per isolate on purpose: no shared state to read on the hot path, and every isolate learns within 5 calls.
 */
export const BREAKER = { failures: 5, windowMs: 30_000, openMs: 30_000 } as const;

interface State {
  failures: number[];
  openUntil: number;
}

const states = new Map<string, State>();

function stateOf(key: string): State {
  let state = states.get(key);
  if (!state) states.set(key, (state = { failures: [], openUntil: 0 }));
  return state;
}

/** Whether calls to this upstream are short-circuited right now. */
export function isOpen(key: string, now = Date.now()): boolean {
  return stateOf(key).openUntil > now;
}

export function recordFailure(key: string, now = Date.now()): void {
  const state = stateOf(key);
  state.failures = state.failures.filter((at) => at > now - BREAKER.windowMs);
  state.failures.push(now);
  if (state.failures.length >= BREAKER.failures) {
    state.openUntil = now + BREAKER.openMs;
    state.failures = [];
  }
}

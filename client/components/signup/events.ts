/**
 * The signup modal's window events (SPEC.md §4): the flow announces them, the flow's host (modal or page) reacts.
 * - signup-started: the account exists; from now on the modal cannot be closed by backdrop or Escape.
 * - signup-flow-complete: the member finished the last step; the host closes and goes on to the members area.
 * - signup-closed: the signup was left (the modal's close icon); the host closes.
 * - redirect-to-login: the visitor already has an account; the host closes and opens /login.
 */
export const SIGNUP_EVENTS = {
  started: 'signup-started',
  complete: 'signup-flow-complete',
  closed: 'signup-closed',
  toLogin: 'redirect-to-login',
} as const;

export type SignupEventName = (typeof SIGNUP_EVENTS)[keyof typeof SIGNUP_EVENTS];

export function emitSignupEvent(name: SignupEventName, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Subscribes to several signup events at once; returns the unsubscribe. */
export function onSignupEvents(handlers: Partial<Record<SignupEventName, (event: Event) => void>>): () => void {
  const entries = Object.entries(handlers) as [SignupEventName, (event: Event) => void][];
  entries.forEach(([name, fn]) => window.addEventListener(name, fn));
  return () => entries.forEach(([name, fn]) => window.removeEventListener(name, fn));
}

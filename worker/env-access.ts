// Per-brand secrets and bindings are named by data (a tenant file's `database`, `payments.api_key_secret`, the
// VAPID_PRIVATE_KEY_<BRAND> convention), so their names are not in the generated Env type: they are read here, the
// one place that looks into `env` by a name known only at run time.

const byName = (env: Env, name: string): unknown => (env as unknown as Record<string, unknown>)[name];

/** A secret or var named at run time: its text, or undefined when it is unset or empty. */
export function brandSecret(env: Env, name: string): string | undefined {
  const value = byName(env, name);
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * A binding named at run time (a brand's D1 database, the `MAIL` send_email binding), or undefined when there is
 * none. Only its being an object is checked: the caller checks that it is the kind it named.
 */
export function bindingOf<T extends object>(env: Env, name: string): T | undefined {
  const value = byName(env, name);
  return typeof value === 'object' && value !== null ? (value as T) : undefined;
}

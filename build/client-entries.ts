// The client's entry points, apart from the plugin that reads their build (build/client-assets.ts), so the config
// and the tests can name them without loading the build's own tools (postcss).

/** The client's entry points: the hydrated app, and the small script landers use instead of it. */
export const CLIENT_ENTRIES = { app: 'client/entry.tsx', lander: 'landers/runtime.ts' } as const;

/**
 * The staff workspace's entry. It is built by an environment of its own (vite.config.ts `staff`), not as a third
 * input of the client build: Rollup would move what it shares with the app (React) into a common chunk and so
 * change the members' entry bundle. Built apart, the members' files stay byte for byte what they were.
 */
export const STAFF_ENTRY = 'client/staff/entry.tsx';

/**
 * A catalogue lookup: the text under `key` in the workspace's language, or `stored` when the catalogue has none (a
 * value added later shows as it is stored, never as a key). The workspace passes `labelOr` (value-label.ts); the
 * formatters take it as an argument so their tests can run them over the catalogues themselves.
 */
export type Label = (key: string, stored: string) => string;

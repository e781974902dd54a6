/**
 * Per-language JSON files (the catalogues, the content pages' texts) kept as text in the Worker and parsed on first
 * use. As imported JSON they were object literals that every isolate evaluated at startup, all 12 languages of them
 * (~900 kB); as text an isolate parses only the languages its requests ask for, usually one or two.
 * `files` is an eager `import.meta.glob(..., { query: '?raw', import: 'default' })` over `<dir>/<language>.json`.
 */
export function lazyJsonByName<T>(files: Record<string, string>): (name: string) => T | undefined {
  const texts = new Map(Object.entries(files).map(([file, text]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), text]));
  const parsed = new Map<string, T>();
  return (name) => {
    let value = parsed.get(name);
    if (value === undefined) {
      const text = texts.get(name);
      if (text === undefined) return undefined;
      value = JSON.parse(text) as T;
      parsed.set(name, value);
    }
    return value;
  };
}

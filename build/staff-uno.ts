import { readdirSync, readFileSync } from 'node:fs';
import { createGenerator } from 'unocss';
import type { Plugin } from 'vite';
import staffConfig, { staffShortcuts } from '../uno.staff.config';

const ID = 'virtual:staff-uno.css';
const RESOLVED = `\0${ID}`;
const SOURCES = 'client/staff';

/** The workspace's source files, tests left out. */
export function staffSources(): string[] {
  return readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => `${SOURCES}/${file}`)
    .sort();
}

/** The text of each string literal in `code`, template literals without their `${…}` (whose own strings count). */
function stringsIn(code: string): string[] {
  const out: string[] = [];
  const literal = /'([^'\\]*(?:\\.[^'\\]*)*)'|"([^"\\]*(?:\\.[^"\\]*)*)"|`([^`\\]*(?:\\.[^`\\]*)*)`/g;
  for (const m of code.matchAll(literal)) {
    if (m[3] === undefined) {
      out.push(m[1] ?? m[2] ?? '');
      continue;
    }
    // A template literal: its static parts, and the strings inside its interpolations.
    out.push(m[3].replace(/\$\{[^}]*\}/g, ' '));
    for (const part of m[3].matchAll(/\$\{([^}]*)\}/g)) out.push(...stringsIn(part[1] ?? ''));
  }
  return out;
}

/** The value of each `className=` in `code`: a quoted string, or the `{…}` expression (balanced braces). */
function classNameValues(code: string): string[] {
  const values: string[] = [];
  for (const m of code.matchAll(/className=(["'{])/g)) {
    const start = (m.index ?? 0) + m[0].length - 1;
    if (m[1] !== '{') {
      const end = code.indexOf(m[1] as string, start + 1);
      values.push(code.slice(start, end + 1));
      continue;
    }
    let depth = 0;
    let end = start;
    for (; end < code.length; end++) {
      if (code[end] === '{') depth++;
      else if (code[end] === '}' && --depth === 0) break;
    }
    values.push(code.slice(start + 1, end));
  }
  return values;
}

/**
 * The workspace's class names: the words of the strings given to `className`, and nothing else of its code. The
 * default extractor takes every word of the source ("inline", "grid", "hidden", "table", "h2", "p90"...) and each
 * that names a utility became a rule (`.inline{display:inline}` undid the row of `.field.inline`). A bare word (no
 * dash, colon or bracket) is a utility only when it is a shortcut of the workspace: `inline`, `grid`, `wide` and
 * `who` are markers that a shortcut's variant selects (`.field.inline`, `.profile-form .grid`).
 */
export function staffClassNames(code: string): string[] {
  const names = new Set<string>();
  for (const value of classNameValues(code)) {
    for (const text of stringsIn(value)) {
      for (const name of text.split(/\s+/)) {
        if (!name) continue;
        if (/^[a-z]+$/.test(name) && !(name in staffShortcuts)) continue;
        names.add(name);
      }
    }
  }
  return [...names];
}

/**
 * The staff workspace's UnoCSS: a stylesheet of its own (`import 'virtual:staff-uno.css'` in client/staff/entry.tsx)
 * generated from the workspace's sources with uno.staff.config.ts, apart from the members' (uno.config.ts, whose
 * content leaves client/staff out): neither app's utilities, shortcuts or preflights reach the other's CSS. A second
 * generator, not a second UnoCSS() plugin: the Vite plugin has one configuration for all of the build's environments.
 */
export function staffUno(): Plugin {
  const generator = createGenerator(staffConfig);
  return {
    name: 'staff-uno',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const files = staffSources();
      for (const file of files) this.addWatchFile(file);
      const names = new Set(files.flatMap((file) => staffClassNames(readFileSync(file, 'utf8'))));
      const uno = await generator;
      const { css } = await uno.generate(names, { preflights: true });
      return css;
    },
  };
}

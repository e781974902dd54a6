// The code-health counts of issue 43, measured on the tree: functions over 80 lines in product code, answers and
// call sites typed by hand, and the i18n mechanisms. `npm run counts` prints them; tests/unit/code-counts.test.ts
// keeps the limits.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const PRODUCT = ['core', 'worker', 'client'];
const LONG = 80;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

export function productFiles() {
  return PRODUCT.flatMap((dir) => [...sourceFiles(join(ROOT, dir))]).map((path) => relative(ROOT, path));
}

/** Every function, method and arrow function longer than 80 lines: file, name, lines. */
export function longFunctions(files = productFiles()) {
  const found = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > LONG) found.push({ file, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

/** Call sites that pair a URL with an answer type by hand: apiFetch<T>, useApi<T>, staffFetch<T>, useData<T>. */
export function handTypedCalls(files = productFiles()) {
  const pattern = /(?<!function )\b(apiFetch|useApi|staffFetch|useData)<(?!T\b)/g;
  return files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return [...text.matchAll(pattern)].map((m) => `${file}: ${m[0]}`);
  });
}

/**
 * JSON answers of /api routes written outside the operation adapters (worker/http/operation.ts,
 * worker/staff/operation.ts), so typed by nobody: every route file of every feature, and the router.
 */
export function untypedAnswers(files = productFiles()) {
  return files
    .filter((file) => /^worker\/.*(-routes|\/routes)\.ts$/.test(file))
    .flatMap((file) => {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      return lines.flatMap((line, i) => (/\bc\.json\(/.test(line) ? [`${file}:${i + 1}`] : []));
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const long = longFunctions();
  console.log(`functions over ${LONG} lines: ${long.length}`);
  for (const f of long) console.log(`  ${f.lines}  ${f.file}  ${f.name}`);
  const hand = handTypedCalls();
  console.log(`call sites typed by hand: ${hand.length}`);
  for (const h of hand) console.log(`  ${h}`);
  const untyped = untypedAnswers();
  console.log(`JSON answers outside the operation adapters: ${untyped.length}`);
  for (const u of untyped) console.log(`  ${u}`);
}

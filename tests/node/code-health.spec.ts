import { expect, test } from '@playwright/test';
// @ts-expect-error: a plain ES module of scripts/ without types (it also runs as `npm run counts`)
import { handTypedCalls, longFunctions, untypedAnswers } from '../../scripts/code-counts.mjs';

// Issue 43: each endpoint is one operation (docs/decisions/012-the-operation-as-the-unit.md). These keep what was
// reached from coming back, and `npm run counts` says where each count stands.

test('no call site pairs a URL with an answer type by hand: screens call by path, typed by the contract', () => {
  expect(handTypedCalls()).toEqual([]);
});

test('every JSON answer of /api goes through an operation adapter, typed by its output schema', () => {
  // The one left: a script's JSON post to the one-click unsubscribe, which the contract's form post does not cover.
  expect(untypedAnswers()).toEqual([expect.stringMatching(/^worker\/account\/settings-routes\.ts:\d+$/)]);
});

test('at most 15 functions over 80 lines in product code (issue 43 item 8; 6 at this writing)', () => {
  const long: { file: string; name: string; lines: number }[] = longFunctions();
  expect(long.length, long.map((f) => `${f.lines} ${f.file} ${f.name}`).join('\n')).toBeLessThanOrEqual(LONG_FUNCTIONS_LIMIT);
});

const LONG_FUNCTIONS_LIMIT = 15;

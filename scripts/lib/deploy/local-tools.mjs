// The local-mode tools a production build must not carry (worker/build-target.ts), each with a string only its code
// has: the deploy dry run (scripts/deploy.mjs) refuses a production bundle that has one, and checks that the local
// build (dist/, which npm start and the tests serve) still has them, so the check can fail.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_ONLY = {
  'dev mailbox': 'The latest 50 messages of this brand',
  'dev mailbox (JSON for scripts)': '/mailbox.json',
  'fictional replies (dev operator)': '/chat-reply.json',
  'SEPA bank page (/dev/sepa)': 'Make the files for the scheduled debits',
  'message move page (/dev/move-messages.json)': '/move-messages.json',
  'postbacks page (/dev/postbacks)': '/postbacks.json',
  'proxy-mode request log (/dev/upstream.json)': '/upstream.json',
  'sandbox payment service': 'sandbox_payments',
  'sandbox checkout page': 'Later charges on this mandate fail',
  'Verotel sandbox (its sales and status service)': 'verotel_sandbox_sales',
  'Verotel sandbox order page': 'Verotel FlexPay sandbox',
  'CCBill sandbox (its transactions, status call and one-click API)': 'ccbill_sandbox_transactions',
  'CCBill sandbox FlexForm': 'CCBill FlexForm sandbox',
  'age-assurance sandbox (its sessions and signed notifications)': 'age_sandbox_sessions',
  'age-assurance sandbox page': 'Age check sandbox',
  'seed portraits': 'viewBox="0 0 400 500"',
  'geo-IP override header (X-Debug-Country)': 'x-debug-country',
  'clock override header (X-Debug-Now)': 'x-debug-now',
  'edge-cache debug headers (X-Debug-Page-Cache, X-Debug-Cache-Clock)': 'x-debug-cache-clock',
  'injected D1 latency header (X-Debug-DB-Latency)': 'X-Debug-DB-Latency',
  'test fault hook (X-Test-Fault)': 'X-Test-Fault',
};

/** The Worker's code in a build: <worker dir>/index.js and its chunks (not the source maps). */
export function workerCode(workerDir) {
  const assets = join(workerDir, 'assets');
  const files = [
    'index.js',
    ...(existsSync(assets)
      ? readdirSync(assets)
          .filter((f) => /\.m?js$/.test(f))
          .map((f) => `assets/${f}`)
      : []),
  ];
  return files.map((f) => readFileSync(join(workerDir, f), 'utf8')).join('\n');
}

/** The tools whose marker is in the code. */
export function localToolsIn(code) {
  return Object.entries(LOCAL_ONLY)
    .filter(([, marker]) => code.includes(marker))
    .map(([tool]) => tool);
}

// Lighthouse (from npm) with Debian's Chromium, mobile form factor and Lighthouse's default mobile throttling, for
// npm run bench: the visitor pages and the staff workspace.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { Secret, TOTP } from 'otpauth';
import { projectEnv, root } from './setup.mjs';

const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One Lighthouse run of `url` with the given request headers: its result (LHR), or { error }. */
function lighthouseOnce(url, headers, categories) {
  const r = spawnSync(
    'lighthouse',
    [
      url,
      '--quiet',
      '--output=json',
      `--only-categories=${categories}`,
      '--form-factor=mobile',
      `--extra-headers=${JSON.stringify(headers)}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
    ],
    {
      env: { ...projectEnv, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    },
  );
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { error: (r.stderr || 'no output').slice(0, 300) };
  }
}

/**
 * Runs Lighthouse `runs` times on each path of `host` with the given request headers and keeps the median run, as
 * Lighthouse's own guide on variability advises (its computeMedianRun: the run nearest the median first paint and
 * time to interactive); every run's performance score is in the report beside it. Answers { path: scores | { error } }.
 */
export function runLighthouse(host, paths, headers, { categories = 'performance,accessibility', runs = 3 } = {}) {
  const results = {};
  for (const path of paths) {
    const lhrs = [];
    let error;
    for (let i = 0; i < runs; i++) {
      const lhr = lighthouseOnce(`http://${host}${path}`, headers, categories);
      if (lhr.error) error = lhr.error;
      else lhrs.push(lhr);
    }
    if (lhrs.length === 0) {
      results[path] = { error };
      console.log(`lighthouse ${path}: ${JSON.stringify(results[path])}`);
      continue;
    }
    const lhr = lhrs[0].categories.performance ? computeMedianRun(lhrs) : lhrs[0];
    results[path] = {
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      ...(lhr.categories.performance
        ? {
            performance: Math.round(lhr.categories.performance.score * 100),
            performanceRuns: lhrs.map((l) => Math.round(l.categories.performance.score * 100)),
            lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
            tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
            cls: round(lhr.audits['cumulative-layout-shift'].numericValue, 3),
          }
        : {}),
      failedAudits: Object.values(lhr.audits)
        .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
    console.log(`lighthouse ${path}: ${JSON.stringify(results[path])}`);
  }
  return results;
}

/** The demo owner's TOTP code now (seed: scripts/lib/demo-staff.mjs, local databases only). */
function demoOtp() {
  return new TOTP({ secret: Secret.fromBase32('JBSWY3DPEHPK3PXP'), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/**
 * The staff workspace's screens, signed in as the demo owner (password + TOTP through the real login), and the
 * login page without a session: accessibility only (the workspace is a tool for staff on a laptop or a tablet).
 */
export async function lighthouseStaff({ port, host }) {
  const body = JSON.stringify({ email: 'admin@demo.test', password: 'Demo-pass-2026', otp: demoOtp() });
  // node:http, because fetch may not set Host (the brand is chosen by it).
  const res = await new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/staff/login.php',
        method: 'POST',
        // A connection of its own: a kept-alive one from the bench's earlier requests has sat idle through the
        // Lighthouse runs, and the server may have closed it (the EPIPE this login used to fail with).
        agent: false,
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (r) => {
        r.resume();
        r.on('end', () => resolve({ status: r.statusCode, setCookie: r.headers['set-cookie'] ?? [] }));
      },
    );
    // A failed login (the server gone, a refused connection) is this section's error in the report, not the end
    // of the bench.
    req.on('error', (error) => resolve({ status: String(error), setCookie: [] }));
    req.end(body);
  });
  const cookie = (res.setCookie.find((c) => c.startsWith('staff_session=')) ?? '').split(';')[0];
  if (res.status !== 200 || !cookie) return { '/staff': { error: `staff login answered ${res.status}` } };
  return {
    ...runLighthouse(host, ['/staff/login'], {}, { categories: 'accessibility', runs: 1 }),
    ...runLighthouse(
      host,
      ['/staff', '/staff/profiles', '/staff/first', '/staff/figures', '/staff/audit', '/staff/sessions'],
      { Cookie: cookie },
      { categories: 'accessibility', runs: 1 },
    ),
  };
}

import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

// `npm test` builds before Playwright runs, so dist/ holds the output an operator would deploy.
test('wrangler deploy --dry-run accepts the built output', () => {
  const result = spawnSync('wrangler', ['deploy', '--dry-run'], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, output).toBe(0);
  expect(output).toMatch(/dry-run: exiting now/);
  expect(output).toMatch(/env\.DB/);
  expect(output).toMatch(/env\.MEDIA/);
});

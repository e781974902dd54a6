import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { clientAssets } from './build/client-assets';

// Unit and integration tests run inside workerd with the bindings of wrangler.toml and a D1 built from the
// real migrations. Browser tests (tests/browser) are Playwright's, not collected here.
export default defineConfig(async () => ({
  plugins: [
    react(),
    clientAssets({ manifestPath: 'dist/client/.vite/manifest.json' }),
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          APP_ENV: 'test',
          UPSTREAM_TIMEOUT_MS: '1000',
          APP_SECRET: 'test-secret-0123456789-0123456789-0123456789',
          MAIL_EVENTS_SECRET: 'test-mail-events-secret', TEST_MIGRATIONS: await readD1Migrations('./migrations') },
      },
    }),
  ],
  test: {
    include: ['core/**/*.test.ts', 'worker/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    setupFiles: ['./tests/integration/setup.ts'],
    globalSetup: ['./tests/integration/upstream-server.ts'],
  },
}));

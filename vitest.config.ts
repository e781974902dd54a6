import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { clientAssets } from './build/client-assets';

// Unit and integration tests run inside workerd with the bindings of wrangler.toml and a D1 built from the
// real migrations. Browser tests (tests/browser) are Playwright's, not collected here.
const pushSinkPort = Number(process.env.TEST_PUSH_SINK_PORT ?? Number(process.env.TEST_UPSTREAM_PORT ?? 18931) + 1000);

export default defineConfig(async () => ({
  define: {
    __TEST_UPSTREAM_PORT__: JSON.stringify(Number(process.env.TEST_UPSTREAM_PORT ?? 18931)),
    // The local push sink of the push tests (tests/integration/push-sink.ts).
    __TEST_PUSH_SINK_PORT__: JSON.stringify(pushSinkPort),
  },
  plugins: [
    react(),
    clientAssets({ manifestPath: 'dist/client/.vite/manifest.json', staffManifestPath: 'dist/client/.vite/staff-manifest.json' }),
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          APP_ENV: 'test',
          // The one push endpoint host besides the browsers' push services, in test mode only (worker/push/allowed-hosts.ts).
          TEST_PUSH_HOST: `127.0.0.1:${pushSinkPort}`,
          // Lets a test inject a fault between a send's charge and its append (worker/chat/test-faults.ts).
          TEST_FAULTS: '1',
          UPSTREAM_TIMEOUT_MS: '1000',
          // The stand-in affiliate network of the postback tests (tests/integration/network-stand-in.ts), test mode only.
          TEST_POSTBACK_HOST: `127.0.0.1:${Number(process.env.TEST_UPSTREAM_PORT ?? 18931)}`,
          APP_SECRET: 'test-secret-0123456789-0123456789-0123456789',
          MAIL_EVENTS_SECRET: 'test-mail-events-secret',
          // The API key of the test brand on Yoti's stand-in (tests/fixtures/tenants/yotishop.ts).
          YOTI_API_KEY_YOTISHOP: 'test-yoti-api-key',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
          // A test-only VAPID pair for flirtlokaal (worker/push/vapid.ts reads the public key from env in test mode).
          VAPID_PUBLIC_KEY_FLIRTLOKAAL: 'BFwG0RIh3yaJnrleDac5UKWqFg7ZaHThHu7IPaU-lWXWRd9g34zqX-JzSwTDfYbGB_NJNahJiw7_PSIFLRaubmU',
          VAPID_PRIVATE_KEY_FLIRTLOKAAL: 'JzHgUnNm9spdQtM5hSuGj9stwjGOnZiV34ngFbeu5YQ',
        },
      },
    }),
  ],
  test: {
    include: ['core/**/*.test.ts', 'worker/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    setupFiles: ['./tests/integration/setup.ts'],
    globalSetup: ['./tests/integration/upstream-server.ts', './tests/integration/push-sink.ts'],
  },
}));

import type { TenantInput } from '../core/schemas/tenant';
import origin from './proxydemo-origin.ts';

// The demo brand in proxy mode (issue 16): every /api/*.php call and every page's data go over HTTP to its backend,
// the built-in brand proxydemo-origin on this same server (an upstream on a `.localhost` host without a port means
// this server's own port, locally: worker/upstream/client.ts). `npm start` serves both; the browser tests run
// against it as well as against flirtlokaal (playwright.config.ts). Local mode only, like its backend.
export default {
  ...origin,
  id: 'proxydemo',
  hosts: ['proxydemo.localhost'],
  upstream_api: 'http://origin.proxydemo.localhost',
  // The backend is this engine, which offers the live socket: the Worker forwards /api/live.php to it.
  upstream_live: 'websocket',
  local_only: true,
} satisfies TenantInput;

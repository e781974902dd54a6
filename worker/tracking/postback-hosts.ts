import { isLocal } from '../context';

/**
 * The demo brands' stand-in network under `npm start` (issue 47 item 5; seeded by scripts/seed.mjs as "Demo
 * Network"). `.localhost` is refused by the template guard everywhere else (core/rules/postback-template.ts: no local
 * names); it is allowed only where isLocal() holds, which needs both a build with the local tools (LOCAL_TOOLS,
 * false in a production build) and APP_ENV local or test. The consumer delivers it to this very server's
 * /dev/network/pb (postback-queue.ts), never to the network.
 */
export const DEMO_NETWORK_HOST = 'demo-network.localhost';

/**
 * Hosts outside the guard's public https hosts: the demo network locally, and the postback tests' stand-in network
 * (the upstream test server), only when APP_ENV is 'test' and only the exact host:port the test runner put in
 * TEST_POSTBACK_HOST, spoken to over plain http. Production accepts public https hosts alone, as push does
 * (worker/push/allowed-hosts.ts).
 */
export function testPostbackHosts(env: Env): string[] {
  const hosts = isLocal(env) ? [DEMO_NETWORK_HOST] : [];
  if (isLocal(env) && env.APP_ENV === 'test' && env.TEST_POSTBACK_HOST) hosts.push(env.TEST_POSTBACK_HOST);
  return hosts;
}

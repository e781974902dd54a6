import { LOCAL_TOOLS } from '../build-target';

/**
 * The host of the postback tests' stand-in network (the upstream test server): allowed only when APP_ENV is 'test',
 * and only the exact host:port the test runner put in TEST_POSTBACK_HOST, spoken to over plain http. Local mode and
 * production accept public https hosts alone (core/rules/postback-template.ts), as push does (worker/push/allowed-hosts.ts).
 */
export function testPostbackHosts(env: Env): string[] {
  return LOCAL_TOOLS && env.APP_ENV === 'test' && env.TEST_POSTBACK_HOST ? [env.TEST_POSTBACK_HOST] : [];
}

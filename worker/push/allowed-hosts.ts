import { LOCAL_TOOLS } from '../build-target';

/**
 * Hosts the push tests' local sink answers on (tests/integration/push-sink.ts): allowed only when APP_ENV is
 * 'test', and only the exact host:port the test runner put in TEST_PUSH_HOST. Local mode and production accept the
 * browsers' push services alone (core/push-services.ts).
 */
export function testPushHosts(env: Env): string[] {
  return LOCAL_TOOLS && env.APP_ENV === 'test' && env.TEST_PUSH_HOST ? [env.TEST_PUSH_HOST] : [];
}

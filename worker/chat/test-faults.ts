import { LOCAL_TOOLS } from '../build-target';

/** The request header that injects a fault into a send (tests only): `after-charge`. */
export const TEST_FAULT_HEADER = 'X-Test-Fault';

/**
 * A fault the tests inject between a send's charge and its append to the conversation's log
 * (docs/decisions/016-messages-in-durable-objects.md). Honoured only when the test pool set TEST_FAULTS=1 with
 * APP_ENV=test, in a build with the local tools: a production build drops this branch, and a deployment with
 * TEST_FAULTS set does not start (worker/env-schema.ts).
 */
export function injectedFault(env: Env, header: string | undefined): 'after-charge' | undefined {
  if (!LOCAL_TOOLS || env.APP_ENV !== 'test' || env.TEST_FAULTS !== '1') return undefined;
  return header === 'after-charge' ? 'after-charge' : undefined;
}

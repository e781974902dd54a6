import type { Tenant } from '../../core/schemas/tenant';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal } from '../context';
import type { AgeAssuranceProvider } from './provider-types';
import { AgeSandbox } from './sandbox';

/**
 * The brand's age-assurance provider. Local mode and tests always use the sandbox, so no real service is called from
 * a laptop; production refuses the sandbox. No production adapter is configured in this build yet (a Yoti or
 * Verifymy adapter implements AgeAssuranceProvider): there the answer is null, a check cannot start, and what the
 * market rule gates stays closed. Failing closed is the point: the law asks for the check before, not after.
 */
export function ageProviderFor(env: Env, tenant: Tenant): AgeAssuranceProvider | null {
  if (LOCAL_TOOLS && isLocal(env)) return new AgeSandbox(env.DB, tenant);
  return null;
}

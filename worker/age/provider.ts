import type { Tenant } from '../../core/schemas/tenant';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal } from '../context';
import { brandSecret } from '../env-access';
import type { AgeAssuranceProvider } from './provider-types';
import { AgeSandbox } from './sandbox';
import { YotiAgeProvider } from './yoti/adapter';

/**
 * The brand's age-assurance provider. A brand whose tenant file names Yoti (tenant.age_assurance) uses Yoti's Age
 * Verification API (yoti/adapter.ts) with the API key from the Worker secret it names. Local mode and tests use the
 * sandbox instead, so no real service is called from a laptop, unless that secret is set there (a test brand on a
 * local stand-in of Yoti's API). Production never builds the sandbox: a brand without Yoti, or whose secret is
 * missing, gets null there, a check cannot start, and what the market rule gates stays closed. Failing closed is the
 * point: the law asks for the check before, not after.
 */
export function ageProviderFor(env: Env, tenant: Tenant): AgeAssuranceProvider | null {
  const local = LOCAL_TOOLS && isLocal(env);
  const yoti = tenant.age_assurance;
  if (yoti?.provider === 'yoti') {
    const apiKey = brandSecret(env, yoti.api_key_secret);
    if (apiKey) return new YotiAgeProvider(yoti, apiKey);
    if (!local) console.error(`age assurance: secret ${yoti.api_key_secret} of ${tenant.id} is not set`);
  }
  if (local) return new AgeSandbox(env.DB, tenant);
  return null;
}

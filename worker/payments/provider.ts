import type { Tenant } from '../../core/schemas/tenant';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal } from '../context';
import { brandSecret } from '../env-access';
import { MollieProvider } from './mollie';
import type { PaymentProvider } from './provider-types';
import { SandboxProvider } from './sandbox';

// The types live apart (provider-types.ts) so the adapters implement them without importing this chooser.
export type {
  CreatePayment,
  DirectDebitMandateRequest,
  PaymentProvider,
  ProviderMandate,
  ProviderPayment,
  ProviderStatus,
  RefundRequest,
} from './provider-types';

export { ProviderError } from './provider-error';

/**
 * The brand's provider. Local mode and tests always use the sandbox, so no real service is ever called from a
 * laptop; production refuses the sandbox, so a mistake in a tenant file cannot give away credits.
 */
export function providerFor(env: Env, tenant: Tenant, fetcher: typeof fetch = fetch): PaymentProvider {
  if (LOCAL_TOOLS && isLocal(env)) return new SandboxProvider(env.DB, tenant.id);
  const config = tenant.payments;
  if (config.provider === 'sandbox') throw new Error(`tenant ${tenant.id}: the sandbox payment provider is for local mode only`);
  const key = config.api_key_secret ? brandSecret(env, config.api_key_secret) : undefined;
  if (!key) throw new Error(`tenant ${tenant.id}: secret ${config.api_key_secret} is not set`);
  return new MollieProvider({ apiKey: key, baseUrl: config.api_url ?? 'https://api.mollie.com/v2', fetch: fetcher });
}

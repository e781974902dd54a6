import type { Tenant } from '../../core/schemas/tenant';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal } from '../context';
import { brandSecret } from '../env-access';
import { MollieProvider } from './mollie';
import type { PaymentProvider } from './provider-types';
import { SandboxProvider } from './sandbox';
import { VEROTEL_ENDPOINTS, VerotelProvider } from './verotel/adapter';
import { VerotelSandbox } from './verotel/sandbox';

// The types live apart (provider-types.ts) so the adapters implement them without importing this chooser.
export type {
  CreatePayment,
  DirectDebitMandateRequest,
  PaymentProvider,
  PostbackEvent,
  ProviderMandate,
  ProviderName,
  ProviderPayment,
  ProviderStatus,
  RefundRequest,
  SignedPostbacks,
} from './provider-types';

export { ProviderError } from './provider-error';

/**
 * The brand's provider. Local mode and tests always use a sandbox (Verotel's for a brand on Verotel, the sandbox
 * checkout for the others), so no real service is ever called from a laptop; production refuses every sandbox, so a
 * mistake in a tenant file cannot give away credits.
 */
export function providerFor(env: Env, tenant: Tenant, fetcher: typeof fetch = fetch): PaymentProvider {
  const config = tenant.payments;
  if (LOCAL_TOOLS && isLocal(env))
    return config.provider === 'verotel' ? new VerotelSandbox(env.DB, tenant).provider() : new SandboxProvider(env.DB, tenant.id);
  if (config.provider === 'sandbox') throw new Error(`tenant ${tenant.id}: the sandbox payment provider is for local mode only`);
  if (config.provider === 'verotel') {
    const verotel = config.verotel!;
    const signatureKey = brandSecret(env, verotel.signature_key_secret);
    if (!signatureKey) throw new Error(`tenant ${tenant.id}: secret ${verotel.signature_key_secret} is not set`);
    return new VerotelProvider({ shopId: verotel.shop_id, signatureKey, endpoints: VEROTEL_ENDPOINTS[verotel.brand], fetch: fetcher });
  }
  const key = config.api_key_secret ? brandSecret(env, config.api_key_secret) : undefined;
  if (!key) throw new Error(`tenant ${tenant.id}: secret ${config.api_key_secret} is not set`);
  return new MollieProvider({ apiKey: key, baseUrl: config.api_url ?? 'https://api.mollie.com/v2', fetch: fetcher });
}

import { normalizeCreditorId } from '../../core/rules/sepa';
import type { Tenant } from '../../core/schemas/tenant';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal } from '../context';
import { brandSecret } from '../env-access';
import { ccbillApi } from './ccbill/api';
import { CCBILL_FLEXFORMS, CcbillProvider } from './ccbill/adapter';
import { CcbillSandbox } from './ccbill/sandbox';
import type { PaymentProvider, ProviderName } from './provider-types';
import { SandboxProvider } from './sandbox';
import { VEROTEL_ENDPOINTS, VerotelProvider } from './verotel/adapter';
import { VerotelSandbox } from './verotel/sandbox';
import { SepaCreditor } from './sepa/creditor';

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
 * The brand's provider, or (routing, issue 44 item 3) the one named: an order's own (`orders.provider`) once placed.
 * Local mode and tests always use a sandbox (Verotel's and CCBill's own for those, the sandbox checkout for
 * 'sandbox', which only the engine's direct-debit mandates still use), so no real service is ever called from a laptop; production refuses every sandbox, so a mistake in a
 * tenant file cannot give away credits.
 */
export function providerFor(
  env: Env,
  tenant: Tenant,
  name: ProviderName | string = tenant.payments.provider,
  fetcher: typeof fetch = fetch,
): PaymentProvider {
  const config = tenant.payments;
  // The brand as its own SEPA creditor is the same locally and in production: only where its files go differs.
  if (name === 'sepa') {
    if (!config.sepa) throw new Error(`tenant ${tenant.id}: sepa is not set up`);
    return new SepaCreditor(env.DB, tenant.id, {
      creditorId: normalizeCreditorId(config.sepa.creditor_id),
      leadDays: config.sepa.lead_days,
    });
  }
  if (LOCAL_TOOLS && isLocal(env)) {
    if (name === 'verotel') return new VerotelSandbox(env.DB, tenant).provider();
    if (name === 'ccbill') return new CcbillSandbox(env.DB, tenant).provider();
    if (name === 'sandbox') return new SandboxProvider(env.DB, tenant.id);
    throw new Error(`tenant ${tenant.id}: no payment provider '${name}'`);
  }
  if (name === 'sandbox') throw new Error(`tenant ${tenant.id}: the sandbox payment provider is for local mode only`);
  if (name === 'ccbill') return ccbillFor(env, tenant, fetcher);
  if (name === 'verotel') {
    const verotel = config.verotel;
    if (!verotel) throw new Error(`tenant ${tenant.id}: verotel is not set up`);
    const signatureKey = brandSecret(env, verotel.signature_key_secret);
    if (!signatureKey) throw new Error(`tenant ${tenant.id}: secret ${verotel.signature_key_secret} is not set`);
    return new VerotelProvider({ shopId: verotel.shop_id, signatureKey, endpoints: VEROTEL_ENDPOINTS[verotel.brand], fetch: fetcher });
  }
  throw new Error(`tenant ${tenant.id}: no payment provider '${name}'`);
}

/** CCBill in production: the brand's account, its FlexForm, the salt and the DataLink (and API) credentials from secrets. */
function ccbillFor(env: Env, tenant: Tenant, fetcher: typeof fetch): CcbillProvider {
  const config = tenant.payments.ccbill;
  if (!config) throw new Error(`tenant ${tenant.id}: ccbill is not set up`);
  const secret = (name: string) => {
    const value = brandSecret(env, name);
    if (!value) throw new Error(`tenant ${tenant.id}: secret ${name} is not set`);
    return value;
  };
  const pair = (name: string) => {
    const [id, ...rest] = secret(name).split(':');
    return { id, secret: rest.join(':') };
  };
  const datalink = pair(config.datalink_secret);
  const rest = config.api_secret ? pair(config.api_secret) : null;
  return new CcbillProvider({
    tenantId: tenant.id,
    clientAccnum: config.client_accnum,
    clientSubacc: config.client_subacc,
    salt: secret(config.salt_secret),
    db: env.DB,
    formUrl: `${CCBILL_FLEXFORMS}/${config.flex_id}`,
    api: ccbillApi({
      clientAccnum: config.client_accnum,
      clientSubacc: config.client_subacc,
      datalink: { username: datalink.id, password: datalink.secret },
      rest: rest ? { applicationId: rest.id, secret: rest.secret } : undefined,
      fetch: fetcher,
    }),
    now: () => new Date(),
  });
}

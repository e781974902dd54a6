import { IDEAL_ISSUERS, PREMIUM_PERCENT, type PackagesResponse } from '../../core/schemas/payments';
import type { AppContext } from '../context';
import { shopFor } from './catalogue';
import { lastPaidPackage, latestMandate } from './orders';
import { providerFor } from './provider';
import { marketRule, orderButtonWords } from '../../core/markets/tighten';
import { statementDescriptor } from './statement';
import { routedProviders, routeFor } from '../../core/rules/payment-routing';
import type { Tenant } from '../../core/schemas/tenant';

/** What GET /api/packages.php answers; also the server loader of /credits, /premium and /pricing. */
export async function packagesFor(c: AppContext): Promise<PackagesResponse> {
  const tenant = c.get('tenant');
  const member = c.get('member');
  const shop = shopFor(tenant, c.get('country'), member);
  const provider = providerFor(c.env, tenant).name;
  const mandate = member ? await latestMandate(c.env.DB, tenant.id, member.id, routedProviders(tenant.payments)) : null;
  const descriptor = statementDescriptor(tenant, provider);
  const lastPackage = member ? await lastPaidPackage(c.env.DB, tenant.id, member.id, shop.currency) : null;
  return {
    country: shop.country,
    currency: shop.currency,
    packages: shop.packages,
    methods: shop.methods,
    ideal_issuers: shop.methods.includes('ideal') ? [...IDEAL_ISSUERS] : [],
    refund_days: tenant.settings.refund_days,
    premium_percent: PREMIUM_PERCENT,
    mandate: mandate && { method: mandate.method, label: mandate.label },
    last_package_id: lastPackage,
    order_button: orderButtonWords(marketRule(shop.country, tenant.market_rules), c.get('language')),
    statement_descriptor: descriptor,
    statement_descriptors: routedDescriptors(tenant, shop.country, shop.methods, descriptor),
  };
}

/** The methods whose first routed provider charges under another descriptor than the brand's provider's. */
function routedDescriptors(tenant: Tenant, country: string, methods: readonly string[], descriptor: string | undefined) {
  const routed: Record<string, string> = {};
  for (const method of methods) {
    const own = statementDescriptor(tenant, routeFor(tenant.payments, country, method)[0]);
    if (own && own !== descriptor) routed[method] = own;
  }
  return routed;
}

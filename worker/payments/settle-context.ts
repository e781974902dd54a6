import type { Tenant } from '../../core/schemas/tenant';
import type { PaymentProvider } from './provider-types';

/** What settling an order needs (settle.ts), apart so the confirmation mail can take it without importing settle.ts. */
export interface SettleContext {
  env: Env;
  tenant: Tenant;
  provider: PaymentProvider;
  now: Date;
  /** Absolute URL of the order's page, for the confirmation mail. */
  orderUrl: (id: number) => string;
}

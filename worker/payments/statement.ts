import { billingDescriptor } from '../../core/rules/billing-descriptor';
import type { Tenant } from '../../core/schemas/tenant';
import { toOrder, type OrderRow } from './orders';

/** How a charge through `provider` appears on the member's statement (issue 44, item 9). */
export const statementDescriptor = (tenant: Tenant, provider: string) => billingDescriptor(tenant.payments, tenant.hosts, provider);

/** The order as the transactions page shows it: with the words its charge carries on the statement. */
export const toOrderWithStatement = (tenant: Tenant, row: OrderRow) => ({
  ...toOrder(row),
  statement_descriptor: statementDescriptor(tenant, row.provider),
});

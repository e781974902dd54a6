import { ACCOUNT_OPERATIONS } from './account-ops';
import { AGE_OPERATIONS } from './age-ops';
import { MARKET_OPERATIONS } from './market-ops';
import { CCBILL_OPERATIONS } from './ccbill-ops';
import { MEMBER_OPERATIONS } from './member-ops';
import { REPORTS_OPERATIONS } from './reports-ops';
import type { Operation } from './operation';
import { SHOP_OPERATIONS } from './shop-ops';
import { VEROTEL_OPERATIONS } from './verotel-ops';

/** Every /api/*.php call of a member site (the staff workspace's /api/staff/* is not part of the contract). */
export const OPERATIONS = [
  ...ACCOUNT_OPERATIONS,
  ...MEMBER_OPERATIONS,
  ...SHOP_OPERATIONS,
  ...VEROTEL_OPERATIONS,
  ...MARKET_OPERATIONS,
  ...CCBILL_OPERATIONS,
  ...AGE_OPERATIONS,
  ...REPORTS_OPERATIONS,
] as const satisfies readonly Operation[];

/** One call of the member contract, with its schemas' types kept (the worker's adapter and the client read them). */
export type MemberOperation = (typeof OPERATIONS)[number];
export type Method = Operation['method'];
/** The paths the contract has for a method. */
export type PathOf<M extends Method> = Extract<MemberOperation, { method: M }>['path'];
/** The call at a method and path. */
export type OperationAt<M extends Method, P extends string> = Extract<MemberOperation, { method: M; path: P }>;

/** The call at a method and path, at run time (the worker's adapter). */
export function operationAt(method: Method, path: string): Operation {
  const found: Operation | undefined = OPERATIONS.find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`core/contract has no ${method.toUpperCase()} ${path}`);
  return found;
}

import { ACCOUNT_OPERATIONS } from './account-ops';
import { MEMBER_OPERATIONS } from './member-ops';
import type { Operation } from './operation';
import { SHOP_OPERATIONS } from './shop-ops';

/** Every /api/*.php call of a member site (the staff workspace's /api/staff/* is not part of the contract). */
export const OPERATIONS: readonly Operation[] = [...ACCOUNT_OPERATIONS, ...MEMBER_OPERATIONS, ...SHOP_OPERATIONS];

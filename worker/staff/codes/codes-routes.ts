import { Hono } from 'hono';
import { discountCodeSchema, inviteBatchSchema } from '../../../core/schemas/staff-codes';
import type { AppContext, AppEnv } from '../../context';
import { ApiFailure } from '../../errors';
import { unservedCodeFields } from '../../../core/rules/discount';
import type { Tenant } from '../../../core/schemas/tenant';
import { createDiscountCode, expireDiscountCode, listDiscountCodes, updateDiscountCode } from './discount-codes';
import { createInviteCodes, listInviteCodes } from './invite-codes';
import { tenantById } from '../../tenants';
import { brandDb } from '../../db/request-db';
import { staffOperation } from '../operation';

/**
 * Back office: codes (issue 15 item 3, docs/api/staff.md). For a brand's `admin` (and owners): discount codes for the
 * members' shop and invitation codes for the signup. The brand named in the call, else the host's (the contract's
 * scope `host`); another brand's codes answer 404 like a brand without a role.
 */
export const codesRoutes = new Hono<AppEnv>();

const tenantOf = (brand: string) => tenantById(brand)!;

/** A code for a country or currency the brand does not sell in would never apply: 400 naming the field (issue 42). */
function refuseUnserved(tenant: Tenant, input: { country: string | null; currency: string | null }): void {
  const fields = unservedCodeFields({ countries: tenant.settings.countries, shops: tenant.payments.countries }, input);
  if (Object.keys(fields).length) throw new ApiFailure(400, 'validation_failed', 'validation.failed', fields);
}

// An expiry must lie after the server's now: the contract's schema is the outer bound, this one today's rule.
const codeBody = { body: (c: AppContext) => discountCodeSchema(c.get('now').getTime()) };

staffOperation(codesRoutes, 'get', '/api/staff/codes.php', async (c, { brand }) => ({
  codes: await listDiscountCodes(brandDb(c, brand), brand, c.get('now')),
}));

staffOperation(
  codesRoutes,
  'post',
  '/api/staff/codes.php',
  async (c, { body, staff, brand }) => {
    refuseUnserved(tenantOf(brand), body);
    return { code: await createDiscountCode(brandDb(c, brand), staff, { ...body, brand }, c.get('now')) };
  },
  codeBody,
);

staffOperation(
  codesRoutes,
  'put',
  '/api/staff/codes.php',
  async (c, { body, staff, brand }) => {
    refuseUnserved(tenantOf(brand), body);
    return { code: await updateDiscountCode(brandDb(c, brand), staff, { ...body, brand }, c.get('now')) };
  },
  codeBody,
);

/** Expires the code now; the row stays with its uses and revenue. */
staffOperation(codesRoutes, 'delete', '/api/staff/codes.php', async (c, { body, staff, brand }) => ({
  code: await expireDiscountCode(brandDb(c, brand), staff, brand, body.code, c.get('now')),
}));

staffOperation(codesRoutes, 'get', '/api/staff/invite-codes.php', async (c, { brand }) => ({
  signups: tenantOf(brand).settings.signups,
  codes: await listInviteCodes(brandDb(c, brand), brand),
}));

staffOperation(
  codesRoutes,
  'post',
  '/api/staff/invite-codes.php',
  async (c, { body, staff, brand }) => ({ codes: await createInviteCodes(brandDb(c, brand), staff, { ...body, brand }, c.get('now')) }),
  { body: (c) => inviteBatchSchema(c.get('now').getTime()) },
);

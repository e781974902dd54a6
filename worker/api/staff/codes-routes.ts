import { Hono } from 'hono';
import { BrandOnlyQuerySchema, discountCodeSchema, DiscountCodeRefSchema, inviteBatchSchema } from '../../../core/schemas/staff-codes';
import type { AppContext, AppEnv } from '../../context';
import { ApiFailure, parseOrFail } from '../../errors';
import { unservedCodeFields } from '../../../core/rules/discount';
import type { Tenant } from '../../../core/schemas/tenant';
import { createDiscountCode, expireDiscountCode, listDiscountCodes, updateDiscountCode } from '../../staff/codes/discount-codes';
import { createInviteCodes, listInviteCodes } from '../../staff/codes/invite-codes';
import { requireStaffOn } from '../../staff/session';
import { TENANTS } from '../../tenants';
import { jsonBody } from '../helpers';
import { brandDb } from '../../db/request-db';

/**
 * Back office: codes (issue 15 item 3, docs/api/staff.md). For a brand's `admin` (and owners): discount codes for the
 * members' shop and invitation codes for the signup. Another brand's codes answer 404 like a brand without a role.
 */
export const codesRoutes = new Hono<AppEnv>();

/** The brand named in the call, else the host's; the caller must be its admin (an unknown brand: 404 for everyone). */
function adminOn(c: AppContext, brand: string | undefined) {
  const id = brand ?? c.get('tenant').id;
  const staff = requireStaffOn(c, id, 'admin');
  return { staff, brand: id, tenant: TENANTS.find((t) => t.id === id)! };
}

/** A code for a country or currency the brand does not sell in would never apply: 400 naming the field (issue 42). */
function refuseUnserved(tenant: Tenant, input: { country: string | null; currency: string | null }): void {
  const fields = unservedCodeFields({ countries: tenant.settings.countries, shops: tenant.payments.countries }, input);
  if (Object.keys(fields).length) throw new ApiFailure(400, 'validation_failed', 'validation.failed', fields);
}

codesRoutes.get('/codes.php', async (c) => {
  const { brand } = adminOn(c, parseOrFail(BrandOnlyQuerySchema, c.req.query()).brand);
  return c.json({ codes: await listDiscountCodes(brandDb(c, brand), brand, c.get('now')) });
});

codesRoutes.post('/codes.php', async (c) => {
  const input = parseOrFail(discountCodeSchema(c.get('now').getTime()), await jsonBody(c));
  const { staff, brand, tenant } = adminOn(c, input.brand);
  refuseUnserved(tenant, input);
  return c.json({ code: await createDiscountCode(brandDb(c, brand), staff, { ...input, brand }, c.get('now')) }, 201);
});

codesRoutes.put('/codes.php', async (c) => {
  const input = parseOrFail(discountCodeSchema(c.get('now').getTime()), await jsonBody(c));
  const { staff, brand, tenant } = adminOn(c, input.brand);
  refuseUnserved(tenant, input);
  return c.json({ code: await updateDiscountCode(brandDb(c, brand), staff, { ...input, brand }, c.get('now')) });
});

/** Expires the code now; the row stays with its uses and revenue. */
codesRoutes.delete('/codes.php', async (c) => {
  const input = parseOrFail(DiscountCodeRefSchema, await jsonBody(c));
  const { staff, brand } = adminOn(c, input.brand);
  return c.json({ code: await expireDiscountCode(brandDb(c, brand), staff, brand, input.code, c.get('now')) });
});

codesRoutes.get('/invite-codes.php', async (c) => {
  const { brand, tenant } = adminOn(c, parseOrFail(BrandOnlyQuerySchema, c.req.query()).brand);
  return c.json({ signups: tenant.settings.signups, codes: await listInviteCodes(brandDb(c, brand), brand) });
});

codesRoutes.post('/invite-codes.php', async (c) => {
  const input = parseOrFail(inviteBatchSchema(c.get('now').getTime()), await jsonBody(c));
  const { staff, brand } = adminOn(c, input.brand);
  return c.json({ codes: await createInviteCodes(brandDb(c, brand), staff, { ...input, brand }, c.get('now')) }, 201);
});

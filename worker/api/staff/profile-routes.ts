import { Hono } from 'hono';
import { z } from 'zod';
import { FictionalProfileSchema, FictionalProfileUpdateSchema, ProfilesQuerySchema } from '../../../core/schemas/staff';
import type { AppEnv } from '../../context';
import { ApiFailure, parseOrFail } from '../../errors';
import { insertProfilePhoto } from '../../staff/answering/profile-photos';
import { createProfile, loadProfiles, profileNotFound, updateProfile } from '../../staff/answering/profiles';
import { brandsWhere, requireStaff, requireStaffOn } from '../../staff/session';
import { TENANTS } from '../../tenants';
import { jsonBody } from '../helpers';
import { photoBodyLimit, processUploadedPhoto, storeUploadedPhoto, uploadedPhoto } from '../photo-upload';
import { brandDb } from '../../db/request-db';

/** The brand's fictional profiles (issue 14): operators and above list, create, edit them and add photos. */
export const profileRoutes = new Hono<AppEnv>();

const tenantOf = (brand: string) => TENANTS.find((t) => t.id === brand)!;

profileRoutes.get('/profiles.php', async (c) => {
  const q = parseOrFail(ProfilesQuerySchema, c.req.query());
  let brand = q.brand;
  if (!brand) {
    const brands = brandsWhere(requireStaff(c), 'operator');
    if (brands.length !== 1) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { brand: 'validation.field_required' });
    brand = brands[0];
  }
  requireStaffOn(c, brand, 'operator');
  const profiles = await loadProfiles(brandDb(c, brand), tenantOf(brand), c.get('now'), q.id);
  if (q.id !== undefined && profiles.length === 0) throw profileNotFound();
  return c.json({ profiles });
});

profileRoutes.post('/profiles.php', async (c) => {
  const input = parseOrFail(FictionalProfileSchema, await jsonBody(c));
  const staff = requireStaffOn(c, input.brand, 'operator');
  const id = await createProfile(brandDb(c, input.brand), staff, input, c.get('now'));
  const [profile] = await loadProfiles(brandDb(c, input.brand), tenantOf(input.brand), c.get('now'), id);
  return c.json({ profile }, 201);
});

profileRoutes.put('/profiles.php', async (c) => {
  const { id, ...input } = parseOrFail(FictionalProfileUpdateSchema, await jsonBody(c));
  const staff = requireStaffOn(c, input.brand, 'operator');
  await updateProfile(brandDb(c, input.brand), staff, id, input, c.get('now'));
  const [profile] = await loadProfiles(brandDb(c, input.brand), tenantOf(input.brand), c.get('now'), id);
  return c.json({ profile });
});

const PhotoFieldsSchema = z.object({ brand: z.string().max(40), profile_id: z.coerce.number().int().positive() });

/**
 * A photo for a fictional profile through the members' upload pipeline (the same checks, resizing and R2 layout),
 * approved at once. multipart/form-data: brand, profile_id, photo. worker/app.ts gives this route the upload limit.
 */
profileRoutes.post('/profile-photo.php', photoBodyLimit, async (c) => {
  const form = await c.req.formData().catch(() => null);
  const fields = parseOrFail(PhotoFieldsSchema, { brand: form?.get('brand'), profile_id: form?.get('profile_id') });
  const staff = requireStaffOn(c, fields.brand, 'operator');
  const photo = await processUploadedPhoto(uploadedPhoto(form));
  const id = await storeUploadedPhoto(c.env, fields.brand, photo, (stored) =>
    insertProfilePhoto(brandDb(c, fields.brand), staff, fields.brand, fields.profile_id, stored, c.get('now')),
  );
  if (id === null) throw profileNotFound();
  const [profile] = await loadProfiles(brandDb(c, fields.brand), tenantOf(fields.brand), c.get('now'), fields.profile_id);
  return c.json({ profile, uploaded: id }, 201);
});

import { Hono } from 'hono';
import { ProfilePhotoFieldsSchema } from '../../../core/schemas/staff';
import type { AppEnv } from '../../context';
import { ApiFailure, parseOrFail } from '../../errors';
import { insertProfilePhoto } from './profile-photos';
import { createProfile, loadProfiles, profileNotFound, updateProfile } from './profiles';
import { brandsWhere, requireStaffOn } from '../../auth/staff-session';
import { tenantById } from '../../tenants';
import { photoBodyLimit, processUploadedPhoto, storeUploadedPhoto, uploadedPhoto, uploadedSizes } from '../../photos/upload';
import { brandDb } from '../../db/request-db';
import { staffOperation } from '../operation';

/** The brand's fictional profiles (issue 14): operators and above list, create, edit them and add photos. */
export const profileRoutes = new Hono<AppEnv>();

const tenantOf = (brand: string) => tenantById(brand)!;

// Without ?brand: the caller's only operator brand (a choice among several is the caller's to make).
staffOperation(profileRoutes, 'get', '/api/staff/profiles.php', async (c, { query, staff }) => {
  let brand = query.brand;
  if (!brand) {
    const brands = brandsWhere(staff, 'operator');
    if (brands.length !== 1) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { brand: 'validation.field_required' });
    brand = brands[0];
  }
  requireStaffOn(c, brand, 'operator');
  const profiles = await loadProfiles(brandDb(c, brand), tenantOf(brand), c.get('now'), query.id);
  if (query.id !== undefined && profiles.length === 0) throw profileNotFound();
  return { profiles };
});

staffOperation(profileRoutes, 'post', '/api/staff/profiles.php', async (c, { body, staff, brand }) => {
  const id = await createProfile(brandDb(c, brand), staff, body, c.get('now'));
  const [profile] = await loadProfiles(brandDb(c, brand), tenantOf(brand), c.get('now'), id);
  return { profile };
});

staffOperation(profileRoutes, 'put', '/api/staff/profiles.php', async (c, { body, staff, brand }) => {
  const { id, ...input } = body;
  await updateProfile(brandDb(c, brand), staff, id, input, c.get('now'));
  const [profile] = await loadProfiles(brandDb(c, brand), tenantOf(brand), c.get('now'), id);
  return { profile };
});

/**
 * A photo for a fictional profile through the members' upload pipeline (the same checks, resizing and R2 layout),
 * approved at once. multipart/form-data: brand, profile_id, photo. worker/app.ts gives this route the upload limit.
 */
staffOperation(
  profileRoutes,
  'post',
  '/api/staff/profile-photo.php',
  async (c) => {
    const form = await c.req.formData().catch(() => null);
    const fields = parseOrFail(ProfilePhotoFieldsSchema, { brand: form?.get('brand'), profile_id: form?.get('profile_id') });
    const staff = requireStaffOn(c, fields.brand, 'operator');
    const photo = await processUploadedPhoto(uploadedPhoto(form), uploadedSizes(form));
    const id = await storeUploadedPhoto(c.env, fields.brand, photo, (stored) =>
      insertProfilePhoto(brandDb(c, fields.brand), staff, fields.brand, fields.profile_id, stored, c.get('now')),
    );
    if (id === null) throw profileNotFound();
    const [profile] = await loadProfiles(brandDb(c, fields.brand), tenantOf(fields.brand), c.get('now'), fields.profile_id);
    return { profile, uploaded: id };
  },
  { before: photoBodyLimit },
);

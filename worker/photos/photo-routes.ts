import { Hono } from 'hono';
import { z } from 'zod';
import { PhotoDeleteSchema } from '../../core/schemas/photos';
import { clientIp, type AppContext, type AppEnv } from '../context';
import { ApiFailure } from '../errors';
import {
  countedPhotos,
  deletePhoto,
  findOwnPhoto,
  insertPhoto,
  listOwnPhotos,
  photoLimit,
  reorder,
  setMain,
  setPrivate,
  type Owner,
} from './store';
import type { SessionMember } from '../auth/sessions';
import { limit } from '../http/helpers';
import { operation } from '../http/operation';
import { photoBodyLimit, processUploadedPhoto, storeUploadedPhoto, uploadedPhoto, uploadedSizes } from './upload';

/** The member's own photos (core/schemas/photos.ts, docs/api/photos.md). */
export const photoRoutes = new Hono<AppEnv>();

const UPLOADS_PER_HOUR = { limit: 60, windowSeconds: 3600 };
/**
 * Uploads an hour from one IP address, whoever is logged in: a photo at PHOTO_RULES.maxPixels costs ~70-90 ms of CPU and
 * a file of pure noise up to ~300 ms (docs/api/photos.md), so one address with many accounts gets at most ~30 s of
 * decoding an hour. High enough for a household or an office behind one address; a carrier's shared address may meet
 * it and then waits.
 */
const UPLOADS_PER_IP_HOUR = { limit: 100, windowSeconds: 3600 };

const limitReached = () => new ApiFailure(409, 'photo_limit', 'errors.photo_limit');
const notFound = () => new ApiFailure(404, 'photo_not_found', 'photos.errors.not_found');

function ownerOf(c: AppContext, member: SessionMember): Owner & { paidUser: boolean } {
  return { tenantId: c.get('tenant').id, profileId: member.profileId, memberId: member.id, paidUser: member.paidUser };
}

operation(photoRoutes, 'get', '/api/photos.php', async (c, { member }) => {
  const owner = ownerOf(c, member);
  return listOwnPhotos(c.env.DB, owner, owner.paidUser);
});

// The one /api route with a body over 64 KiB: worker/app.ts leaves it to this limit, checked before anything else.
photoRoutes.post('/photos.php', photoBodyLimit);

// The multipart form is read here, not by the operation: its file goes through the upload pipeline.
operation(photoRoutes, 'post', '/api/photos.php', async (c, { member }) => {
  const owner = ownerOf(c, member);
  // Both count before the form is read: a refused or broken upload costs a place too.
  await limit(c, `photo-upload:${owner.memberId}`, UPLOADS_PER_HOUR);
  await limit(c, `photo-upload:ip:${clientIp(c)}`, UPLOADS_PER_IP_HOUR);
  const form = await c.req.formData().catch(() => null);
  const file = uploadedPhoto(form);
  const sizes = uploadedSizes(form);
  // Cheap early answer before the expensive decode; insertPhoto below is what really holds the limit.
  if ((await countedPhotos(c.env.DB, owner)) >= photoLimit(owner.paidUser)) throw limitReached();

  const photo = await processUploadedPhoto(file, sizes);

  const id = await storeUploadedPhoto(c.env, owner.tenantId, photo, (stored) =>
    insertPhoto(c.env.DB, owner, { ...stored, now: c.get('now') }),
  );
  // Another upload took the last place while this one was being processed: nothing of it stays.
  if (id === null) throw limitReached();
  return { ...(await listOwnPhotos(c.env.DB, owner, owner.paidUser)), uploaded: id };
});

operation(photoRoutes, 'put', '/api/photos.php', async (c, { member, body: change }) => {
  const owner = ownerOf(c, member);
  const db = c.env.DB;
  if (change.action === 'order') {
    const { photos } = await listOwnPhotos(db, owner, owner.paidUser);
    const own = new Set(photos.map((p) => p.id));
    // The new order must name every own photo exactly once; anything else is a stale or forged list.
    if (change.ids.length !== own.size || new Set(change.ids).size !== own.size || !change.ids.every((id) => own.has(id))) {
      throw new ApiFailure(400, 'photo_order', 'photos.errors.order');
    }
    await reorder(db, owner, change.ids);
  } else {
    const photo = await findOwnPhoto(db, owner, change.id);
    if (!photo) throw notFound();
    const { photos } = await listOwnPhotos(db, owner, owner.paidUser);
    const isMain = photos.some((p) => p.id === photo.id && p.main);
    if (change.action === 'main') {
      if (photo.status === 'rejected') throw new ApiFailure(409, 'photo_rejected', 'photos.errors.main_rejected');
      if (photo.private) throw new ApiFailure(409, 'photo_private', 'photos.errors.main_private');
      await setMain(db, owner, photo.id);
    } else {
      // Everyone sees a main photo, so it cannot be private: choose another main photo first.
      if (change.private && isMain) throw new ApiFailure(409, 'photo_private', 'photos.errors.main_private');
      await setPrivate(db, owner, photo.id, change.private);
    }
  }
  return listOwnPhotos(db, owner, owner.paidUser);
});

operation(
  photoRoutes,
  'delete',
  '/api/photos.php',
  async (c, { member, body: { id } }) => {
    const owner = ownerOf(c, member);
    const photo = await findOwnPhoto(c.env.DB, owner, id);
    if (!photo) throw notFound();
    await deletePhoto(c.env, owner, photo);
    return listOwnPhotos(c.env.DB, owner, owner.paidUser);
  },
  // Without a JSON body, the id may come in the query (?id=).
  { body: (c) => z.preprocess((body) => body ?? c.req.query(), PhotoDeleteSchema) },
);

import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { listComplaints, replyToComplaint, setComplaintState } from './complaints';
import { decidePhoto, photoQueue } from './photos';
import { changeWord, decideText, listWords, textQueue } from './texts';
import { brandDb, brandEnvFor } from '../../db/request-db';
import { staffOperation } from '../operation';
import { mailStatement } from '../../reports/statements';
import { tenantById } from '../../tenants';

const tenantOf = (brand: string) => tenantById(brand)!;

/**
 * Back office: moderation (issue 15 item 4, docs/api/staff.md). For a brand's moderators, admins and owners:
 * members' pending photos, flagged profile texts and complaints (the brand's word list is its admins'). The brand
 * named in the call, else the host's (the contract's scope `host`); another brand's photo, profile or complaint
 * answers 404.
 */
export const moderationRoutes = new Hono<AppEnv>();

staffOperation(moderationRoutes, 'get', '/api/staff/moderation-photos.php', async (c, { brand }) => photoQueue(brandDb(c, brand), brand));

staffOperation(moderationRoutes, 'post', '/api/staff/moderation-photos.php', async (c, { body, staff, brand }) =>
  decidePhoto(brandEnvFor(c, brand), staff, brand, body, c.get('now')),
);

staffOperation(moderationRoutes, 'get', '/api/staff/complaints.php', async (c, { query, brand }) =>
  listComplaints(brandDb(c, brand), brand, query.state, undefined, c.get('now')),
);

staffOperation(moderationRoutes, 'put', '/api/staff/complaints.php', async (c, { body, staff, brand }) => ({
  complaint: await setComplaintState(brandDb(c, brand), staff, brand, body.id, body.state, c.get('now')),
}));

staffOperation(moderationRoutes, 'post', '/api/staff/complaint-reply.php', async (c, { body, staff, brand }) => ({
  complaint: await replyToComplaint(brandEnvFor(c, brand), staff, brand, body, c.get('now')),
}));

staffOperation(moderationRoutes, 'get', '/api/staff/moderation-texts.php', async (c, { brand }) => ({
  texts: await textQueue(brandDb(c, brand), brand),
}));

staffOperation(moderationRoutes, 'post', '/api/staff/moderation-texts.php', async (c, { body, staff, brand }) => {
  const statement = await decideText(brandDb(c, brand), staff, brand, body, c.get('now'));
  if (statement !== null) await mailStatement(brandEnvFor(c, brand), tenantOf(brand), brandDb(c, brand), statement, c.get('now'));
  return { texts: await textQueue(brandDb(c, brand), brand) };
});

/** The brand's word list: moderators read it, admins change it (the contract's role per call). */
staffOperation(moderationRoutes, 'get', '/api/staff/moderation-words.php', async (c, { brand }) => listWords(brandDb(c, brand), brand));

staffOperation(moderationRoutes, 'post', '/api/staff/moderation-words.php', async (c, { body, staff, brand }) =>
  changeWord(brandDb(c, brand), staff, brand, body.word, true, c.get('now')),
);

staffOperation(moderationRoutes, 'delete', '/api/staff/moderation-words.php', async (c, { body, staff, brand }) =>
  changeWord(brandDb(c, brand), staff, brand, body.word, false, c.get('now')),
);

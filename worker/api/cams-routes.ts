import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { loadCams } from '../calls/cams';

/** cams.php: the cam-profile listing of the brand's cam partner (worker/cams). A brand without a partner has none. */
export const camsRoutes = new Hono<AppEnv>();

camsRoutes.get('/cams.php', async (c) => c.json(await loadCams(c)));

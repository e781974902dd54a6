import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { loadCams } from './cam-calls';
import { operation } from '../http/operation';

/** cams.php: the cam-profile listing of the brand's cam partner (worker/cams). A brand without a partner has none. */
export const camsRoutes = new Hono<AppEnv>();

operation(camsRoutes, 'get', '/api/cams.php', async (c) => loadCams(c));

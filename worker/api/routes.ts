import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { ApiFailure, apiError } from '../errors';
import { chatPushRoutes } from './chat-push-routes';
import { camsRoutes } from './cams-routes';
import { chatRoutes } from './chat-routes';
import { complaintsRoutes } from './complaints-routes';
import { likesRoutes } from './likes-routes';
import { membersRoutes } from './members-routes';
import { directDebitRoutes } from './directdebit-routes';
import { exportRoutes } from './export-routes';
import { discountRoutes } from './discount-routes';
import { paymentRoutes } from './payment-routes';
import { paymentWebhookRoutes } from './payment-webhook-routes';
import { sandboxCheckout } from '../payments/sandbox-checkout';
import { LOCAL_TOOLS } from '../build-target';
import { pagesRoutes } from './pages-routes';
import { photoRoutes } from './photo-routes';
import { recoveryRoutes } from './recovery-routes';
import { openApiRoutes } from './openapi-routes';
import { reference } from './reference';
import { sessionRoutes } from './session-routes';
import { settingsRoutes } from './settings-routes';
import { signupRoutes } from './signup-routes';
import { trackingRoutes } from './tracking-routes';
import { staffApi } from './staff/routes';
import { marketRoutes } from '../market/market-routes';

/** The built-in /api/*.php endpoints. Each validates its input with a core schema and answers in core's shape. */
export const api = new Hono<AppEnv>();

api.route('/', chatPushRoutes);
api.route('/', chatRoutes);
api.route('/', sessionRoutes);
api.route('/', signupRoutes);
api.route('/', recoveryRoutes);
api.route('/', settingsRoutes);
api.route('/', exportRoutes);
api.route('/', reference);
api.route('/', trackingRoutes);
api.route('/', pagesRoutes);
api.route('/', complaintsRoutes);
api.route('/', membersRoutes);
api.route('/', likesRoutes);
api.route('/', photoRoutes);
api.route('/', paymentRoutes);
api.route('/', paymentWebhookRoutes);
api.route('/', discountRoutes);
api.route('/', directDebitRoutes);
api.route('/', marketRoutes);
if (LOCAL_TOOLS) api.route('/', sandboxCheckout());
api.route('/', camsRoutes);
// The contract itself (not a .php call, so never proxied): core/contract.
api.route('/', openApiRoutes);
// The staff workspace (never proxied: its paths have a folder, proxy mode forwards /api/<name>.php only).
api.route('/staff', staffApi);

api.all('*', (c) => apiError(c, new ApiFailure(404, 'not_found', 'errors.api_not_found')));

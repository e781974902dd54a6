import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { ApiFailure, apiError } from '../errors';
import { chatPushRoutes } from '../chat/chat-push-routes';
import { camsRoutes } from '../cams/cams-routes';
import { chatRoutes } from '../chat/chat-routes';
import { complaintsRoutes } from '../content/complaints-routes';
import { likesRoutes } from '../profiles/likes-routes';
import { membersRoutes } from '../profiles/members-routes';
import { directDebitRoutes } from '../payments/directdebit-routes';
import { exportRoutes } from '../account/export-routes';
import { discountRoutes } from '../payments/discount-routes';
import { paymentRoutes } from '../payments/payment-routes';
import { paymentWebhookRoutes } from '../payments/payment-webhook-routes';
import { sandboxCheckout } from '../payments/sandbox-checkout';
import { verotelPostbackRoutes } from '../payments/verotel/postback-routes';
import { verotelSandboxPage } from '../payments/verotel/sandbox-page';
import { ccbillRoutes } from '../payments/ccbill/webhook-routes';
import { ccbillSandboxPage } from '../payments/ccbill/sandbox-page';
import { LOCAL_TOOLS } from '../build-target';
import { pagesRoutes } from '../content/pages-routes';
import { photoRoutes } from '../photos/photo-routes';
import { recoveryRoutes } from '../account/recovery-routes';
import { openApiRoutes } from './openapi-routes';
import { reference } from '../content/reference-routes';
import { sessionRoutes } from '../account/session-routes';
import { settingsRoutes } from '../account/settings-routes';
import { signupRoutes } from '../account/signup-routes';
import { trackingRoutes } from '../tracking/tracking-routes';
import { staffApi } from '../staff/routes';
import { marketRoutes } from '../market/market-routes';
import { reportsRoutes } from '../reports/reports-routes';

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
api.route('/', verotelPostbackRoutes);
api.route('/', ccbillRoutes);
api.route('/', discountRoutes);
api.route('/', directDebitRoutes);
api.route('/', marketRoutes);
api.route('/', reportsRoutes);
if (LOCAL_TOOLS) api.route('/', sandboxCheckout());
if (LOCAL_TOOLS) api.route('/', verotelSandboxPage());
if (LOCAL_TOOLS) api.route('/', ccbillSandboxPage());
api.route('/', camsRoutes);
// The contract itself (not a .php call, so never proxied): core/contract.
api.route('/', openApiRoutes);
// The staff workspace (never proxied: its paths have a folder, proxy mode forwards /api/<name>.php only).
api.route('/staff', staffApi);

api.all('*', (c) => apiError(c, new ApiFailure(404, 'not_found', 'errors.api_not_found')));

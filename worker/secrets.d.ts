// Secrets and optional settings that are not in wrangler.toml's [vars]: set with `wrangler secret put NAME` in
// production; .dev.vars (made by npm start) and the vitest config set them locally. worker/env-schema.ts checks them
// at an isolate's first request; names known only at run time (per brand) are read with worker/env-access.ts.
interface Env {
  /**
   * Brands made in the workspace (docs/decisions/019-brands-in-d1.md, worker/brands/hostnames.ts): "cloudflare" adds
   * their hosts through Cloudflare's API (custom hostnames on CF_SAAS_ZONE_ID; Workers custom domains on the zones of
   * CF_OWN_ZONES, `example.com=<zone id>,...`, for the Worker CF_WORKER_SERVICE of CF_ACCOUNT_ID); unset: local.
   */
  HOSTNAMES_PROVIDER?: string;
  CF_API_TOKEN?: string;
  CF_SAAS_ZONE_ID?: string;
  CF_ACCOUNT_ID?: string;
  CF_OWN_ZONES?: string;
  CF_WORKER_SERVICE?: string;
  /** A zone whose `<brand>-preview.<zone>` hosts show a runtime brand's newest version (locally `<brand>-preview.localhost`). */
  BRAND_PREVIEW_DOMAIN?: string;
  // VAPID_PRIVATE_KEY_<BRAND> (and locally VAPID_PUBLIC_KEY_<BRAND>) are read by name: worker/push/vapid.ts.
  /** Signs one-time links (activation, reset, mail change, recovery, unsubscribe). Required. */
  APP_SECRET?: string;
  /** Shared secret the mail provider sends with its events (X-Mail-Events-Secret). */
  MAIL_EVENTS_SECRET?: string;
  MAIL_TRANSPORT?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** "http" sends SMS through SMS_API_URL; anything else keeps them in the outbox. */
  SMS_TRANSPORT?: string;
  SMS_API_URL?: string;
  SMS_API_KEY?: string;
  /**
   * The demo brands' payment secrets, named by their tenant files (payments.verotel.signature_key_secret, the
   * payments.ccbill secrets as `id:secret` where two parts; worker/payments/provider.ts). Local mode needs none.
   */
  VEROTEL_KEY_FLIRTLOKAAL?: string;
  VEROTEL_KEY_REIFEKONTAKTE?: string;
  VEROTEL_KEY_VELVETNIGHTS?: string;
  CCBILL_SALT_VELVETNIGHTS?: string;
  CCBILL_DATALINK_VELVETNIGHTS?: string;
  CCBILL_API_VELVETNIGHTS?: string;
  /**
   * Optional: where every operations incident that opens is also posted (worker/observe/alert-webhook.ts), and the
   * key of its X-Ops-Signature (HMAC-SHA-256 of the body). Unset: alerts go by mail only.
   */
  OPS_ALERT_WEBHOOK_URL?: string;
  OPS_ALERT_WEBHOOK_SECRET?: string;
  /** Tests only (APP_ENV=test): the host:port of the local push sink (worker/push/allowed-hosts.ts). */
  TEST_PUSH_HOST?: string;
  /** Tests only (APP_ENV=test): "1" lets a request inject a fault into a send (worker/chat/test-faults.ts). */
  TEST_FAULTS?: string;
  /** Tests only (APP_ENV=test): the host:port of the stand-in affiliate network (worker/tracking/postback-hosts.ts). */
  TEST_POSTBACK_HOST?: string;
}

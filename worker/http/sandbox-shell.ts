import { html } from 'hono/html';
import type { AppContext } from '../context';

// The page around the local sandboxes of outside services (the acquirers' payments/verotel and payments/ccbill, the
// age check's age/sandbox-page.ts): the tester plays the provider's hosted page, so it looks plainly like a stand-in
// and never like the brand's shop.
const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:520px;margin:32px auto;padding:0 16px;color:#222}' +
  'button{font:inherit;padding:10px 16px;margin:4px 4px 4px 0;border-radius:6px;border:1px solid #888;background:#f4f4f7;cursor:pointer}' +
  '.note{color:#666;font-size:14px}';

/**
 * A sandbox's page: `provider` names it ("Verotel"), `standsInFor` the hosted page it stands in for ("Verotel's order
 * page"), `note` what it does not do.
 */
export function sandboxShell(provider: string, heading: string, standsInFor: string, note = 'Nothing is charged.') {
  return async (c: AppContext, body: unknown, status: 200 | 400 | 404 = 200): Promise<Response> =>
    c.html(
      html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
  <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg"><title>${provider} sandbox</title>
  <style>${STYLE}</style></head><body><h1>${heading}</h1>
  <p class="note">A stand-in for ${standsInFor} (local mode only). ${note}</p>${body}</body></html>`,
      status,
    );
}

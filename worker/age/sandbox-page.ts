import { Hono } from 'hono';
import { html } from 'hono/html';
import { sandboxShell } from '../http/sandbox-shell';
import { isLocal, type AppContext, type AppEnv } from '../context';
import { operation } from '../http/operation';
import { AgeSandbox } from './sandbox';
import { AGE_SIGNATURE_HEADER } from './signature';

/**
 * The local age-assurance sandbox's hosted page (local mode and tests only, like the acquirer sandboxes): the tester
 * plays the member at the provider. An outcome (pass with facial age estimation or document plus selfie, fail,
 * inconclusive, cancelled) is recorded once on the sandbox's session; the sandbox then posts its signed notification
 * to the brand's real callback path and sends the browser back to the brand, as the provider would. No script.
 */
const page = sandboxShell(
  'Age check',
  'Age check sandbox',
  "an age-assurance provider's page (facial age estimation, ID document + selfie)",
  'Nothing is stored but the outcome.',
);

export function ageSandboxPage(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  async function found(c: AppContext) {
    const params = new URL(c.req.url).searchParams;
    if (!isLocal(c.env) || params.get('sdkId') !== c.get('tenant').id) return null;
    const sandbox = new AgeSandbox(c.env.DB, c.get('tenant'));
    const session = await sandbox.session(params.get('sessionId') ?? '');
    return session ? { sandbox, session } : null;
  }

  const back = (url: string, sessionId: string) => `${url}${url.includes('?') ? '&' : '?'}session=${encodeURIComponent(sessionId)}`;

  operation(app, 'get', '/api/age-sandbox.php', async (c) => {
    const f = await found(c);
    if (!f) return page(c, html`<p>Not found</p>`, 404);
    const { session } = f;
    if (session.outcome)
      return page(
        c,
        html`<p>This check is over: ${session.outcome}.</p><p><a href="${back(session.callback_url, session.session_id)}">Back to the site</a></p>`,
      );
    return page(
      c,
      html`<p>Over ${session.threshold}? Choose what the check finds. Nothing is photographed or stored.</p>
  <form method="post">
    <p><label><input type="radio" name="method" value="age_estimation" checked> Facial age estimation</label><br>
    <label><input type="radio" name="method" value="doc_scan"> ID document + selfie</label></p>
    <button type="submit" name="outcome" value="pass">Pass</button><button type="submit" name="outcome" value="fail">Fail (under age)</button>
    <button type="submit" name="outcome" value="inconclusive">Inconclusive</button><button type="submit" name="outcome" value="cancelled">Cancel</button>
  </form>`,
    );
  });

  operation(app, 'post', '/api/age-sandbox.php', async (c) => {
    const f = await found(c);
    if (!f) return page(c, html`<p>Not found</p>`, 404);
    const { sandbox, session } = f;
    const form = await c.req.formData();
    const outcome = String(form.get('outcome') ?? '');
    const method = String(form.get('method') ?? 'age_estimation');
    if (!['pass', 'fail', 'inconclusive', 'cancelled'].includes(outcome) || !['age_estimation', 'doc_scan'].includes(method))
      return page(c, html`<p>Not found</p>`, 404);
    if (await sandbox.complete(session.session_id, outcome as 'pass', method)) {
      // The provider's notification, in process as it would come over HTTP; the brand's answer is the brand's business.
      const { body, signature } = await sandbox.notification(session.session_id);
      const request = new Request(new URL(session.notification_url, c.req.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [AGE_SIGNATURE_HEADER]: signature },
        body,
      });
      await c.get('handle')(request, c.env, c.executionCtx);
    }
    const to = outcome === 'cancelled' ? session.cancel_url : session.callback_url;
    return c.redirect(back(to, session.session_id), 303);
  });

  return app;
}

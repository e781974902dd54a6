import { api, expect, goOnPastPauseScreens, logInAs, test, watchConsole } from './fixtures';
import { severeViolations, staffLogin, staffText as staff } from './staff-login';

// Back office, news (issue 46): a member turns on news by e-mail; the brand's admin writes the news in the workspace,
// sees how many members it reaches and a preview of the mail (paragraphs kept) and the push (one shortened line),
// sends it, reads what was queued, and follows it to "sent"; the member's mail arrives in the dev mailbox once.
// admin@demo.test is the seed's owner.

const BRAND = 'flirtlokaal';
const MEMBER = 'free@demo.test';

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

test("an admin writes the brand's news, previews it, sends it and sees it go out", async ({ browser }) => {
  test.setTimeout(120_000);
  const subject = `Nieuws ${Date.now().toString(36)}`;

  const page = await (await browser.newContext({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } })).newPage();
  await goOnPastPauseScreens(page);
  await logInAs(page, BRAND, MEMBER);
  await test.step('the member chooses news by e-mail', async () => {
    await api(page, '/api/notifications.php', { method: 'PUT', body: { email: { news: true } } });
  });

  const admin = await staffLogin(browser, BRAND, 'admin@demo.test');
  const problems = watchConsole(admin);
  await test.step('the admin sees who it reaches and a preview', async () => {
    await admin.getByRole('link', { name: staff('nav.news') }).click();
    await expect(admin.getByRole('heading', { level: 1, name: staff('news.title') })).toBeVisible();
    await expect(admin.getByTestId('news-audience')).not.toContainText(/\b0 leden per e-mail|\b0 members by e-mail/);
    const form = admin.getByTestId('news-form');
    // Too short: refused before anything is sent.
    await form.getByLabel(staff('news.subject')).fill('Hi');
    await form.getByRole('button', { name: /^(Versturen naar|Send to)/ }).click();
    await expect(form.getByText(staff('validation.field_required')).first()).toBeVisible();
    await form.getByLabel(staff('news.subject')).fill(subject);
    await form.getByLabel(staff('news.body')).fill('Hallo allemaal,\n\nEerste regel\nTweede regel');
    const mail = admin.getByTestId('news-preview-mail');
    await expect(mail).toContainText(subject);
    await expect(mail.locator('p')).toHaveCount(2);
    await expect(mail.locator('p').nth(1).locator('br')).toHaveCount(1);
    await expect(admin.getByTestId('news-preview-push')).toContainText('Hallo allemaal, Eerste regel Tweede regel');
    expect(await severeViolations(admin)).toEqual([]);
  });

  await test.step('the admin sends it: queued, then sent', async () => {
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin
      .getByTestId('news-form')
      .getByRole('button', { name: /^(Versturen naar|Send to)/ })
      .click();
    await expect(admin.getByTestId('news-result')).toBeVisible();
    const row = admin.getByTestId('news-posts').getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText(staff('news.state_sent'), { timeout: 30_000 });
  });

  await test.step("the member's mail arrives once", async () => {
    await expect
      .poll(async () => {
        const { messages } = await api<{ messages: { subject: string }[] }>(page, `/dev/mailbox.json?to=${encodeURIComponent(MEMBER)}`);
        return messages.filter((m) => m.subject === subject).length;
      })
      .toBe(1);
  });
  // The queue (the first screen) opens its live sockets; leaving it at once closes them before they connect.
  expect(problems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});

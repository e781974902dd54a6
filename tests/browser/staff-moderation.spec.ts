import { brandUrl, expect, logInAs, test, text, watchConsole } from './fixtures';
import { severeViolations, staffLogin, staffText as staff } from './staff-login';

// Back office, moderation (issue 15 item 4): a member files a complaint on /complaints; a staff moderator (the seed's
// owner, admin@demo.test) finds it in the workspace's moderation queue, replies and closes it; the member's mailbox
// gets the reply in their language.

const BRAND = 'flirtlokaal';

test.use({ extraHTTPHeaders: { 'X-Debug-Country': 'NL' } });

test('a complaint is answered by mail from the moderation queue and closed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`.slice(-7);
  const subject = `Vervelende berichten ${stamp}`;
  const reply = `Dank je! We hebben het profiel bekeken en maatregelen genomen. (${stamp})`;

  const memberProblems = watchConsole(page);
  await logInAs(page, BRAND, 'free@demo.test');
  await page.goto(brandUrl(BRAND, '/complaints'));
  const form = page.getByTestId('complaints');
  await form.getByLabel(text('nl', 'complaints.subject')).fill(subject);
  await form.getByLabel(text('nl', 'complaints.text')).fill('Een profiel blijft mij berichten sturen nadat ik nee zei.');
  await form.getByLabel(text('nl', 'complaints.name')).fill('Free');
  await form.getByLabel(text('nl', 'complaints.email')).fill('free@demo.test');
  await form.getByRole('button', { name: text('nl', 'complaints.submit') }).click();
  await expect(page.getByTestId('complaint-done')).toBeVisible();

  const moderator = await staffLogin(browser, BRAND, 'admin@demo.test');
  const staffProblems = watchConsole(moderator);
  await moderator.getByRole('link', { name: staff('nav.moderation') }).click();
  const complaint = moderator.getByTestId('complaint').filter({ hasText: subject });
  await expect(complaint).toBeVisible();
  await expect(complaint).toContainText(staff('complaints.state_new'));
  expect(await severeViolations(moderator)).toEqual([]);
  await complaint.getByLabel(staff('complaints.reply', { language: 'nl' })).fill(reply);
  await complaint.getByRole('button', { name: staff('complaints.send') }).click();
  await expect(complaint).toHaveCount(0); // closed with the reply: no longer among the new ones

  await moderator.getByRole('button', { name: new RegExp(`^${staff('complaints.state_closed')}`) }).click();
  const closed = moderator.getByTestId('complaint').filter({ hasText: subject });
  await expect(closed).toContainText(reply);

  const mails = await page.evaluate(
    async () =>
      (await fetch('/dev/mailbox.json?to=free%40demo.test')).json() as Promise<{
        messages: { template: string; subject: string; text_body: string }[];
      }>,
  );
  const sent = mails.messages.find((m) => m.template === 'complaint_reply' && m.text_body.includes(stamp));
  expect(sent?.subject).toMatch(/^Antwoord op je klacht C-\d+$/);
  expect(memberProblems).toEqual([]);
  // Leaving the queue screen closes its live socket while it may still be connecting; the browser warns of that.
  expect(staffProblems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});

test("clearing a member's flagged text asks first; dismissed, the text stays", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await logInAs(page, BRAND, 'free@demo.test');
  const { id, name } = await page.evaluate(async () => {
    const answer = (await (await fetch('/api/user.php', { headers: { Accept: 'application/json' } })).json()) as {
      user: { id: number; profile: { name: string } };
    };
    return { id: answer.user.id, name: answer.user.profile.name };
  });
  const moderator = await staffLogin(browser, BRAND, 'admin@demo.test');
  const staffProblems = watchConsole(moderator);
  await moderator.getByRole('link', { name: staff('nav.moderation') }).click();
  // The member's own name on the brand's word list puts the member's texts in the queue.
  await moderator.locator('summary', { hasText: staff('texts.word_list').split(' (')[0] }).click();
  await moderator.getByLabel(staff('texts.new_word')).fill(name.toLowerCase());
  await moderator.getByRole('button', { name: staff('texts.add_word') }).click();
  const flagged = moderator
    .getByTestId('flagged-text')
    .filter({ has: moderator.getByRole('heading', { name: `${name} · #${id}`, exact: true }) });
  await expect(flagged).toHaveCount(1);

  const asked: string[] = [];
  moderator.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  const posts: string[] = [];
  moderator.on('request', (r) => r.method() === 'POST' && r.url().includes('moderation-texts.php') && posts.push(r.url()));
  await flagged.getByRole('button', { name: staff('texts.clear_name') }).click();
  expect(asked).toEqual([staff('texts.clear_name_confirm', { name })]);
  await expect(flagged).toHaveCount(1);
  expect(posts).toEqual([]);

  await moderator.getByRole('button', { name: staff('texts.remove_word', { word: name.toLowerCase() }) }).click();
  await expect(flagged).toHaveCount(0);
  expect(staffProblems.filter((p) => !p.includes('/api/staff/live.php'))).toEqual([]);
});

import type { Page } from '@playwright/test';
import { INFO_PAGES } from '../../core/content-pages';
import { BRANDS, brandFacts, brandUrl, expect, LANDERS, logInAs, test, text } from './fixtures';

// WCAG 1.4.10 (reflow): at 320 CSS pixels no page of the member site scrolls sideways, on every demo brand and in its
// own language (German compounds such as "Geschäftsbedingungen" in a large title are what broke it). A visitor's
// pages, the landers, and a member's screens; a failure names the page and the innermost elements that stick out.
// On the same pages no fictional label is cut off, and no lander's brand name.

const VISITOR_PAGES = ['/', '/login', '/signup', '/premium', '/pricing', '/complaints', '/reset-password'];
const MEMBER_PAGES = [
  '/members',
  '/likes/received',
  '/likes/matches',
  '/chats',
  '/credits',
  '/transactions',
  '/premium',
  '/profile',
  '/notifications',
  '/match-finder',
  '/swipe-game',
];

test.use({ viewport: { width: 320, height: 640 } });
test.describe.configure({ mode: 'parallel' });

/** What sticks out of the page's width: the innermost elements wider than it or whose content is, with their text. */
function sideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    // Boxes past the edge first; where none is (text or a transform sticking out), boxes whose content is wider.
    const beyond = (e: Element) => e.getBoundingClientRect().right > width + 0.5;
    const spills = (e: Element) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible';
    const all = [...document.body.querySelectorAll('*')];
    const innermost = (test: (e: Element) => boolean) => all.filter((e) => test(e) && ![...e.children].some(test));
    const found = innermost(beyond);
    return (found.length ? found : innermost(spills))
      .slice(0, 5)
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}"> ${(e.textContent ?? '').slice(0, 60)}`);
  });
}

/** The elements of `selector` that are cut off or spill: past the screen's edge or their content wider than they are. */
function cutOff(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 || e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.getAttribute('data-testid')} "${e.textContent}" is cut off (${e.scrollWidth} px in ${e.clientWidth} px)`),
    );
}

/**
 * Fictional labels cut off by the box they sit in (a narrow photo tile): SPEC's label must be readable wherever a
 * fictional profile shows. A scrolling row (the gallery's) is not a cut: its cards scroll into view whole.
 */
function labelsCut(page: Page) {
  return page.locator('[data-testid="fictional-label"]').evaluateAll((labels) =>
    labels.flatMap((label) => {
      const box = label.getBoundingClientRect();
      if (box.width === 0) return [];
      if (label.scrollWidth > label.clientWidth + 1) return [`"${label.textContent}" is wider than its badge`];
      for (let parent = label.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX === 'auto' || overflowX === 'scroll') return [];
        const edge = parent.getBoundingClientRect();
        if (overflowX !== 'visible' && (box.right > edge.right + 1 || box.left < edge.left - 1))
          return [`"${label.textContent}" is cut off by <${parent.tagName.toLowerCase()} class="${parent.getAttribute('class')}">`];
      }
      return [];
    }),
  );
}

async function check(page: Page, brand: string, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    const answer = await page.goto(brandUrl(brand, path));
    expect(answer?.status(), path).toBe(200);
    await page.waitForLoadState('networkidle');
    for (const culprit of await sideways(page)) problems.push(`${path}: ${culprit}`);
    for (const label of await labelsCut(page)) problems.push(`${path}: ${label}`);
    // A lander's bar: the brand's name whole beside the signup button (on a 320 px phone too).
    for (const logo of await cutOff(page, '[data-testid="lander-logo"]')) problems.push(`${path}: ${logo}`);
  }
  return problems;
}

for (const brand of BRANDS) {
  test.describe(brand.id, () => {
    test.use({ extraHTTPHeaders: { 'X-Debug-Country': brand.country } });

    test('a visitor never scrolls sideways at 320 px', async ({ page }) => {
      test.setTimeout(180_000);
      await page.context().addCookies([{ name: 'entry_ok', value: '1', url: brandUrl(brand.id) }]);
      const cams = 'cams' in brandFacts(brand.id).tenant ? ['/cams'] : [];
      const paths = [
        ...VISITOR_PAGES,
        ...cams,
        ...INFO_PAGES.map((name) => `/pages/${name}`),
        ...LANDERS.map((name) => `/landers/${name}`),
      ];
      const problems = await check(page, brand.id, paths);
      expect(problems, problems.join('\n')).toEqual([]);
    });

    test('a member never scrolls sideways at 320 px', async ({ page }) => {
      test.setTimeout(180_000);
      await logInAs(page, brand.id, 'premium@demo.test', brand.lang);
      const problems = await check(page, brand.id, MEMBER_PAGES);
      // A profile and a conversation, opened as a member does.
      await page.goto(brandUrl(brand.id, '/members'));
      await page.getByTestId('result-cards').locator('li a').first().click();
      await expect(page.getByTestId('like-button')).toBeVisible();
      for (const culprit of await sideways(page)) problems.push(`a profile: ${culprit}`);
      await page.goto(brandUrl(brand.id, '/chats'));
      await page.getByTestId('chat-item').first().click();
      await expect(page.getByTestId('conversation')).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const culprit of await sideways(page)) problems.push(`a conversation: ${culprit}`);
      // Inside the page: the fictional label beside the name whole, the gifts' names within their tiles.
      problems.push(...(await cutOff(page, '[data-testid="conversation"] [data-testid="fictional-label"]')));
      await page.getByRole('button', { name: text(brand.lang, 'chat.gift') }).click();
      await expect(page.getByTestId('gift-rose')).toBeVisible();
      problems.push(...(await cutOff(page, '[data-testid^="gift-"]')));
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
}

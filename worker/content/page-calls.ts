// The texts of the information pages: answered by pages.php and read in-process by the pages' loaders.
import { memberCurrency } from '../../core/rules/currency';
import { ACCOUNT_RECOVERY_DAYS, FREE_CONVERSATIONS, MIN_AGE, PHOTO_LIMIT, TIME_BONUS, type Language } from '../../core/constants';
import { termsVersionDate } from '../../core/rules/terms-date';
import { ACCESSIBILITY_STATEMENT_DATE, CONTENT_PAGES, type ContentPageName, type PageName } from '../../core/content-pages';
import type { PageText } from '../../core/schemas/pages';
import type { Tenant } from '../../core/schemas/tenant';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import { lazyJsonByName } from '../lazy-json';
import { settingsFor } from '../brand-settings';
import { intlLocale } from '../../core/rules/language';

// The page texts of every language live in the worker; a page carries only its own language's text to the browser.
type PageFile = Record<ContentPageName, { title: string; body: string }>;
const pageFile = lazyJsonByName<PageFile>(
  import.meta.glob<string>('../../locales/pages/*.json', { eager: true, query: '?raw', import: 'default' }),
);

const PREMIUM_PERCENT = 46;

function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

function formatMoney(amount: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * The values a page text may name: the brand, its company, and the prices for the visitor's country, or in a
 * member's own currency (issue 46, item 4).
 */
export function pageValues(
  tenant: Tenant,
  country: string | null,
  language: Language,
  currency: string | null = null,
): Record<string, string> {
  const settings = settingsFor(tenant, country, language);
  const { company } = tenant;
  const costs = settings.minimum_message_costs;
  const cost = (currency && Object.values(costs).find((entry) => entry.currency === currency)) || costs[settings.geoip_selected_country];
  return {
    brand: settings.name,
    domain: settings.domain,
    company: company.name,
    address: company.address,
    city: company.city,
    country: company.country,
    kvk: company.kvk,
    tradenames: company.tradenames.join(', ') || settings.name,
    vat: company.vat_numbers.join(', '),
    support_email: settings.support_email,
    support_phone: company.support_phone || settings.support_phone,
    refund_days: String(settings.refund_days),
    message_credits: String(settings.message_credits),
    photo_credits: String(settings.photo_credits),
    gift_credits: String(settings.gift_credits),
    message_price: cost ? formatMoney(cost.costs, cost.currency, language) : '',
    message_length: String(settings.message_length),
    // The page shows the marker (icon and words) for this placeholder; as plain text it is the brand's word, not the
    // tenant's emoji (issue 45, item 12).
    fictional_icon: settings.fictional_singular,
    fictional_singular: settings.fictional_singular,
    fictional_plural: settings.fictional_plural,
    fictional_warning: settings.fictional_warning,
    terms_date: formatDate(termsVersionDate(company.added), language),
    accessibility_date: formatDate(ACCESSIBILITY_STATEMENT_DATE, language),
    min_age: String(MIN_AGE),
    recovery_days: String(ACCOUNT_RECOVERY_DAYS),
    premium_percent: String(PREMIUM_PERCENT),
    photos_free: String(PHOTO_LIMIT.free),
    photos_premium: String(PHOTO_LIMIT.premium),
    // The chat's own limit (worker/chat/send.ts), so the promise on /premium, /pricing and the FAQ is the rule.
    free_conversations: String(FREE_CONVERSATIONS),
    welcome_percent: String(TIME_BONUS.percentage),
    bonus_hours: String(TIME_BONUS.windowSeconds / 3600),
  };
}

const isBuiltIn = (page: string): page is ContentPageName => (CONTENT_PAGES as readonly string[]).includes(page);

/** Whether the brand has its own information page with this token. */
export const hasInfoPage = (tenant: Tenant, token: string): boolean => Object.hasOwn(tenant.info_pages, token);

/**
 * The text of a page in a language: a built-in page (Dutch when a language lacks it) or the brand's own page (its
 * first language when it has none in this one). An unknown page is a 404.
 */
function textOf(tenant: Tenant, page: PageName, language: Language): { title: string; body: string } {
  if (isBuiltIn(page)) return pageFile(language)?.[page] ?? (pageFile('nl') as PageFile)[page];
  const texts = hasInfoPage(tenant, page) ? tenant.info_pages[page] : undefined;
  const text = texts && (texts[language] ?? Object.values(texts)[0]);
  if (!text) throw new ApiFailure(404, 'page_not_found', 'error.not_found');
  return text;
}

/** The member's one currency, null for a visitor. */
function ownCurrency(c: AppContext): string | null {
  const member = c.get('member');
  return member && memberCurrency(c.get('tenant').payments.countries, member.currency, member.profile.country);
}

/** One page's text in one language, with the brand's values. */
export function pageText(c: AppContext, page: PageName, language: Language): PageText {
  const text = textOf(c.get('tenant'), page, language);
  return {
    page,
    language,
    title: text.title,
    body: text.body,
    values: pageValues(c.get('tenant'), c.get('country'), language, ownCurrency(c)),
    version_date: page === 'terms' ? termsVersionDate(c.get('tenant').company.added) : null,
  };
}

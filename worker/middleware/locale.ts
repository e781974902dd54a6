import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE, DEV_COUNTRY_COOKIE } from '../../core/constants';
import { chooseLanguage } from '../../core/rules/language';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal, type AppEnv } from '../context';
import { translatorFor } from '../i18n';

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The visitor's geo-IP country and the page language. Locally the runtime has no real geo-IP (its placeholder is
 * meaningless), so local mode takes X-Debug-Country or the dev_country cookie, else the brand's first country.
 */
export function locale(): MiddlewareHandler<AppEnv> {
  return async function localeMiddleware(c, next) {
    const tenant = c.get('tenant');
    let country: string | null;
    if (LOCAL_TOOLS && isLocal(c.env)) {
      const override = (c.req.header('x-debug-country') ?? getCookie(c, DEV_COUNTRY_COOKIE) ?? '').toUpperCase();
      const cf = (c.req.raw.cf as { country?: string } | undefined)?.country;
      const told = COUNTRY.test(override) ? override : c.env.APP_ENV === 'test' && cf && COUNTRY.test(cf) ? cf : null;
      country = told ?? tenant.settings.countries[0];
      c.set('countryAssumed', told === null);
    } else {
      const cf = (c.req.raw.cf as { country?: string } | undefined)?.country ?? '';
      country = COUNTRY.test(cf) ? cf : null;
    }
    c.set('country', country);
    setLanguage(c, null);
    await next();
  };
}

/** Called again once the session is known, because a member's saved language comes first. */
export function setLanguage(c: Parameters<MiddlewareHandler<AppEnv>>[0], memberLanguage: string | null): void {
  const language = chooseLanguage({
    memberLanguage,
    cookie: getCookie(c, COOKIE.locale),
    domainLanguage: c.get('tenant').settings.domain_language,
    country: c.get('country'),
  });
  c.set('language', language);
  c.set('t', translatorFor(language));
}

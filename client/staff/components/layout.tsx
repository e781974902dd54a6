import type { ReactNode } from 'react';
import { staffSend } from '../lib/api';
import { boot, brandName } from '../lib/boot';
import { t } from '../lib/i18n';
import { mayOpen, useMe } from '../lib/me';
import { type StaffRoute, useLocation } from '../lib/router';
import { Link } from './link';

/** The signed-in workspace: a header with the navigation, then the screen in <main>. */
export function Layout({ children }: { children: ReactNode }) {
  const me = useMe();
  const { pathname } = useLocation();
  const items = (
    [
      ['/staff', 'queue', t('nav.queue')],
      ['/staff/profiles', 'profiles', t('nav.profiles')],
      ['/staff/first', 'first', t('nav.first')],
      ['/staff/figures', 'figures', t('nav.figures')],
      ['/staff/members', 'members', t('nav.members')],
      ['/staff/dashboard', 'dashboard', t('nav.dashboard')],
      ['/staff/audit', 'audit', t('nav.audit')],
      ['/staff/codes', 'codes', t('nav.codes')],
      ['/staff/news', 'news', t('nav.news')],
      ['/staff/traffic', 'traffic', t('nav.traffic')],
      ['/staff/operations', 'operations', t('nav.operations')],
      ['/staff/moderation', 'moderation', t('nav.moderation')],
      ['/staff/brands', 'brands', t('nav.brands')],
      ['/staff/sessions', 'sessions', t('nav.sessions')],
    ] satisfies [string, StaffRoute['name'], string][]
  )
    .filter(([, screen]) => mayOpen(me, screen))
    .map(([href, , label]) => [href, label]);
  const current = (href: string) =>
    href === '/staff' ? pathname === '/staff' || pathname.startsWith('/staff/c/') : pathname.startsWith(href);
  const logout = async () => {
    await staffSend('post', '/api/staff/logout.php').catch(() => undefined);
    location.assign('/staff/login');
  };
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('app.title', { brand: brandName(boot.brand) })}</span>
        <nav aria-label={t('nav.label')}>
          <ul>
            {items.map(([href, label]) => (
              <li key={href}>
                <Link href={href} aria-current={current(href) ? 'page' : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <span className="who">{me.name}</span>
        <button type="button" className="btn btn-light" onClick={logout}>
          {t('nav.logout')}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** The pages before login (login, setup): a plain centred card. */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="plain">
      <div className="card narrow">{children}</div>
    </main>
  );
}

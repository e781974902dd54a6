import type { ReactNode } from 'react';
import { staffFetch } from '../lib/api';
import { boot, brandName } from '../lib/boot';
import { t } from '../lib/i18n';
import { hasRole, useMe } from '../lib/me';
import { useLocation } from '../lib/router';
import { Link } from './link';

/** The signed-in workspace: a header with the navigation, then the screen in <main>. */
export function Layout({ children }: { children: ReactNode }) {
  const me = useMe();
  const { pathname } = useLocation();
  const items: [string, string][] = [
    ['/staff', t('nav.queue')],
    ['/staff/profiles', t('nav.profiles')],
    ['/staff/first', t('nav.first')],
    ['/staff/figures', t('nav.figures')],
    ...(hasRole(me, 'admin') ? [['/staff/members', t('nav.members')] as [string, string]] : []),
    ...(hasRole(me, 'admin') ? [['/staff/dashboard', t('nav.dashboard')] as [string, string]] : []),
    ...(hasRole(me, 'admin') ? [['/staff/audit', t('nav.audit')] as [string, string]] : []),
    ...(hasRole(me, 'admin') ? [['/staff/codes', t('nav.codes')] as [string, string]] : []),
    // Moderators rank with operators, so hasRole cannot tell them apart: moderation is for moderators and up.
    ...(me.roles.some((r) => r.role !== 'operator') ? [['/staff/moderation', t('nav.moderation')] as [string, string]] : []),
    ['/staff/sessions', t('nav.sessions')],
  ];
  const current = (href: string) =>
    href === '/staff' ? pathname === '/staff' || pathname.startsWith('/staff/c/') : pathname.startsWith(href);
  const logout = async () => {
    await staffFetch('logout.php', { method: 'POST', body: {} }).catch(() => undefined);
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

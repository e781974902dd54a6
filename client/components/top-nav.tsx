import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { creditsBadgeTone } from '../../core/rules/badges';
import { BACK_BUTTON_ROUTES } from '../../core/routes';
import { Link } from '../navigation';
import { chatCountersAtom, installedAppAtom, routeAtom, settingsAtom, signupModalAtom, trafficSourceAtom, userAtom } from '../state/atoms';
import { CountBadge } from './badge';
import { LanguageSwitcher } from './language-switcher';
import { canSearchLoggedOut } from '../../core/rules/visitor';
import { Icon } from './icon';

export function TopNav() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const settings = useAtomValue(settingsAtom);
  const counters = useAtomValue(chatCountersAtom);
  const route = useAtomValue(routeAtom);
  const installedApp = useAtomValue(installedAppAtom);
  const openSignup = useSetAtom(signupModalAtom);
  const hasTrafficSource = useAtomValue(trafficSourceAtom);
  const hasHistory = useHasHistory(route.path);
  const showBack = installedApp && hasHistory && BACK_BUTTON_ROUTES.includes(route.name);
  const searchHref = user ? '/members' : canSearchLoggedOut(settings, hasTrafficSource) ? '/#search' : null;

  return (
    <header className="bg-primary text-white shadow">
      <nav className="container mx-auto flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2" aria-label={t('nav.main')}>
        {showBack && (
          <button type="button" onClick={() => history.back()} className="border-0 bg-transparent text-white" aria-label={t('nav.back')}>
            <Icon name="i-lucide-arrow-left" />
          </button>
        )}
        <Link href={user ? '/members' : '/'} className="mr-auto text-xl font-extrabold tracking-tight text-white no-underline">
          {settings.brand.logo_text}
        </Link>
        {searchHref && (
          <Link href={searchHref} className="nav-link">
            <Icon name="i-lucide-search" /> <Label>{t('nav.search')}</Label>
          </Link>
        )}
        {user && (
          <>
            <Link href="/chats" className="nav-link" data-testid="nav-messages">
              <Icon name="i-lucide-message-circle" /> <Label>{t('nav.messages')}</Label>
              <CountBadge count={counters.unreadMessages} label={t('nav.unread')} />
            </Link>
            <Link href="/likes" className="nav-link" data-testid="nav-likes">
              <Icon name="i-lucide-heart" /> <Label>{t('nav.likes')}</Label>
              <CountBadge count={counters.newLikes} label={t('nav.new_likes')} />
            </Link>
            {user.paid_user ? (
              <Link href="/credits" className="nav-link" data-testid="nav-credits">
                {t('nav.credits')}
                <CreditsBadge credits={user.credits} />
              </Link>
            ) : (
              <Link href="/premium" className="nav-link font-bold" data-testid="nav-premium">
                <Icon name="i-lucide-star" /> {t('nav.get_premium')}
              </Link>
            )}
          </>
        )}
        <LanguageSwitcher />
        {user ? (
          <details className="relative">
            <summary className="nav-link cursor-pointer list-none">
              <Icon name="i-lucide-user" /> <Label>{user.profile.name}</Label>
            </summary>
            <ul className="absolute right-0 z-40 m-0 mt-2 min-w-44 list-none rounded-lg bg-white p-1 text-gray-900 shadow-lg">
              <li>
                <Link href="/profile" className="menu-item">
                  {t('nav.my_profile')}
                </Link>
              </li>
              <li>
                <Link href="/notifications" className="menu-item">
                  {t('nav.settings')}
                </Link>
              </li>
              <li>
                <a href="/api/logout.php" className="menu-item">
                  {t('nav.logout')}
                </a>
              </li>
            </ul>
          </details>
        ) : (
          <>
            <Link href="/login" className="nav-link">
              {t('nav.login')}
            </Link>
            <button type="button" onClick={() => openSignup(true)} className="btn btn-light">
              {t('nav.signup')}
            </button>
          </>
        )}
      </nav>
    </header>
  );
}

/** Whether there is a page to go back to; known only in the browser, so it is read after hydration. */
function useHasHistory(path: string): boolean {
  const [has, setHas] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: history.length changes with each navigation, which path stands for
  useEffect(() => setHas(history.length > 1), [path]);
  return has;
}

/** A navigation label: on a phone only the icon shows, and the label stays for screen readers. */
function Label({ children }: { children: string }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>;
}

function CreditsBadge({ credits }: { credits: number }) {
  const tone = creditsBadgeTone(credits);
  return (
    <span
      data-testid="credits-count"
      className={`ml-1 rounded-full px-1.5 text-xs font-bold leading-5 ${tone === 'danger' ? 'bg-danger' : tone === 'warning' ? 'bg-warning text-gray-900' : 'bg-black/25'}`}
    >
      {credits}
    </span>
  );
}

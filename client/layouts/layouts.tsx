import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import type { LayoutName } from '../../core/rules/entry-warning';
import { EntryWarning } from '../components/entry-warning';
import { Footer } from '../components/footer';
import { SignupModal } from '../components/signup-modal';
import { TimeBonusSlot } from '../components/time-bonus/slot';
import { TopNav } from '../components/top-nav';
import { WarningsArea } from '../components/warnings-area';
import { Link } from '../navigation';
import { useTranslation, withCatalogue } from '../i18n';
import { settingsAtom, userAtom } from '../state/atoms';

// Members only, and only after hydration has something to show: kept out of the visitor's first JavaScript.
const LikeAlerts = lazy(() => withCatalogue(import('../components/likes/like-alerts')));
// Members only: the push opt-in and disabled-notifications alerts (SPEC.md §2), a chunk of their own.
const PushAlerts = lazy(() => withCatalogue(import('../components/push/push-alerts')));

type Layout = (props: { children: ReactNode }) => ReactNode;

/** The first stop of Tab: past the top navigation to the page itself; seen only when it has the focus. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:font-semibold focus:text-primary focus:shadow"
    >
      {t('nav.skip')}
    </a>
  );
}

/** Top navigation, warnings, footer with disclaimer, the entry warning and the signup modal. */
function DefaultLayout({ children }: { children: ReactNode }) {
  const member = useAtomValue(userAtom) !== null;
  return (
    <div className="flex min-h-screen flex-col" data-layout="default">
      <SkipLink />
      <TopNav />
      <TimeBonusSlot />
      <WarningsArea />
      {member && (
        <div className="container mx-auto px-3">
          <Suspense fallback={null}>
            <PushAlerts />
          </Suspense>
        </div>
      )}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <EntryWarning />
      <SignupModal />
      {member && (
        <Suspense fallback={null}>
          <LikeAlerts />
        </Suspense>
      )}
    </div>
  );
}

/** Bare: the conversation fills the screen. The entry warning shows only in NL and DE (decided on the server). */
function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col" data-layout="chat">
      <main id="main" className="flex-1">
        {children}
      </main>
      <TimeBonusSlot banner={false} />
      <EntryWarning />
    </div>
  );
}

/** Logo bar, the lander, footer and disclaimer. */
function LanderLayout({ children }: { children: ReactNode }) {
  const settings = useAtomValue(settingsAtom);
  return (
    <div className="flex min-h-screen flex-col" data-layout="lander">
      <header className="bg-primary px-3 py-2 text-white">
        <Link href="/" className="text-xl font-extrabold text-white no-underline">
          {settings.brand.logo_text}
        </Link>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer compact />
      <EntryWarning />
    </div>
  );
}

/** Nothing but the page, the signup modal and the entry warning. */
function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col" data-layout="empty">
      <main id="main" className="flex-1">
        {children}
      </main>
      <SignupModal />
      <EntryWarning />
    </div>
  );
}

export const LAYOUTS: Record<LayoutName, Layout> = {
  default: DefaultLayout,
  chat: ChatLayout,
  lander: LanderLayout,
  empty: EmptyLayout,
};

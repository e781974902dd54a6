import { lazy, Suspense, useEffect } from 'react';
import { Layout, PlainLayout } from './components/layout';
import { onStaffSessionLost } from './lib/api';
import { t } from './lib/i18n';
import { MeContext, mayOpen, useMe } from './lib/me';
import { matchStaffRoute, useLocation, type StaffRoute } from './lib/router';
import { useStaffData } from './lib/use-data';
import { AuditScreen } from './screens/audit';
import { BrandsScreen } from './screens/brands';
import { CodesScreen } from './screens/codes';
import { NewsScreen } from './screens/news';
import { TrafficScreen } from './screens/traffic';
import { OperationsScreen } from './screens/operations';
import { ConversationScreen } from './screens/conversation';
import { FiguresScreen } from './screens/figures';
import { FirstMessagesScreen } from './screens/first-messages';
import { LoginScreen } from './screens/login';
import { MemberScreen } from './screens/member';
import { MembersScreen } from './screens/members';
import { ModerationScreen } from './screens/moderation';
import { ProfilesScreen } from './screens/profiles';
import { QueueScreen } from './screens/queue';
import { SessionsScreen } from './screens/sessions';
import { SetupScreen } from './screens/setup';
import { Loading, Problem } from './components/notice';

// The figures dashboard brings its chart library (uPlot): a chunk of its own, loaded when the screen opens.
const DashboardScreen = lazy(() => import('./screens/dashboard'));

function Screen({ route }: { route: StaffRoute }) {
  const me = useMe();
  if (!mayOpen(me, route.name))
    return (
      <>
        <h1>{t(`title.${route.name}` as 'title.queue')}</h1>
        <Problem message={t('app.no_access')} testId="no-access" />
      </>
    );
  switch (route.name) {
    case 'queue':
      return <QueueScreen />;
    case 'conversation':
      return <ConversationScreen brand={route.brand} id={route.id} />;
    case 'profiles':
      return <ProfilesScreen />;
    case 'first':
      return <FirstMessagesScreen />;
    case 'figures':
      return <FiguresScreen />;
    case 'dashboard':
      return (
        <Suspense fallback={<Loading />}>
          <DashboardScreen />
        </Suspense>
      );
    case 'audit':
      return <AuditScreen />;
    case 'sessions':
      return <SessionsScreen />;
    case 'members':
      return <MembersScreen />;
    case 'member':
      return <MemberScreen brand={route.brand} id={route.id} />;
    case 'codes':
      return <CodesScreen />;
    case 'news':
      return <NewsScreen />;
    case 'traffic':
      return <TrafficScreen />;
    case 'operations':
      return <OperationsScreen />;
    case 'moderation':
      return <ModerationScreen />;
    case 'brands':
      return <BrandsScreen />;
    default:
      return <h1>{t('app.not_found')}</h1>;
  }
}

/** The signed-in part: loads who the staff member is once, then the screen of the address. */
function Workspace({ route }: { route: StaffRoute }) {
  const { data: me, error } = useStaffData('/api/staff/me.php');
  useEffect(() => onStaffSessionLost(() => location.assign('/staff/login')), []);
  useEffect(() => {
    document.title = `${t(`title.${route.name}` as 'title.queue')} · ${document.title.split(' · ').pop()}`;
  }, [route.name]);
  if (error)
    return (
      <PlainLayout>
        <p role="alert">{error.message}</p>
      </PlainLayout>
    );
  if (!me)
    return (
      <PlainLayout>
        <Loading />
      </PlainLayout>
    );
  return (
    <MeContext.Provider value={me}>
      <Layout>
        <Screen route={route} />
      </Layout>
    </MeContext.Provider>
  );
}

export function StaffApp() {
  const { pathname, search } = useLocation();
  const route = matchStaffRoute(pathname, search);
  if (route.name === 'login')
    return (
      <PlainLayout>
        <LoginScreen />
      </PlainLayout>
    );
  if (route.name === 'setup')
    return (
      <PlainLayout>
        <SetupScreen token={route.token} />
      </PlainLayout>
    );
  return <Workspace route={route} />;
}

// The app shell: finds the session, then routes to a page. Signed-out visitors see log-in or sign-up.
import { useEffect } from 'react';
import { onSignedOut, useQuery } from './api.ts';
import { ErrorNote, Loading } from './components/ui.tsx';
import { graphql } from './generated/gql.ts';
import { Layout } from './layout.tsx';
import { AccountPage } from './pages/account.tsx';
import { ApiKeysPage } from './pages/api-keys.tsx';
import { AuthPage } from './pages/auth.tsx';
import { ComposerPage } from './pages/composer.tsx';
import { HomePage } from './pages/home.tsx';
import { NewOrganizationPage } from './pages/new-organization.tsx';
import { NotificationPage } from './pages/notification.tsx';
import { NotificationsPage } from './pages/notifications.tsx';
import { IdentityPage } from './pages/identity.tsx';
import { InvitationPage } from './pages/invitation.tsx';
import { OrganizationPage } from './pages/organization.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { match, navigate, usePath } from './router.tsx';
import { SessionContext } from './session.ts';

const ViewerDocument = graphql(`
  query Viewer {
    me { id email memberships { role organization { id name slug brandColor logoUrl } } }
  }
`);

const ORG_PAGES = [
  ['/orgs/:orgId', OrganizationPage],
  ['/orgs/:orgId/settings', SettingsPage],
  ['/orgs/:orgId/settings/keys', ApiKeysPage],
  ['/orgs/:orgId/settings/webhooks', WebhooksPage],
  ['/orgs/:orgId/settings/identity', IdentityPage],
  ['/orgs/:orgId/notifications', NotificationsPage],
  ['/orgs/:orgId/notifications/:notificationId', NotificationPage],
  ['/orgs/:orgId/compose', ComposerPage],
] as const;

function Routes({ path, refresh }: { path: string; refresh: () => Promise<void> }) {
  if (match('/', path)) return <HomePage />;
  const invitation = match('/invitations/:token', path);
  if (invitation) return <InvitationPage token={invitation.token!} signedIn onAccepted={refresh} />;
  if (match('/orgs/new', path)) return <NewOrganizationPage />;
  if (match('/account', path)) return <AccountPage />;
  // API keys moved under Settings; old links still arrive.
  const moved = match('/orgs/:orgId/keys', path);
  if (moved) return <Redirect to={`/orgs/${moved.orgId}/settings/keys`} />;
  for (const [pattern, Page] of ORG_PAGES) {
    const params = match(pattern, path);
    if (params) return <Page orgId={params.orgId!} notificationId={params.notificationId!} key={params.orgId} />;
  }
  return (
    <section>
      <h1>Page not found</h1>
      <p>There is no page at {path}.</p>
    </section>
  );
}

/** Where to go after logging in: a path of this app only (not //host or another origin). */
const localPath = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/');

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

export function App() {
  const path = usePath();
  const session = useQuery(ViewerDocument, undefined);
  useEffect(() => onSignedOut(() => void session.reload()), [session.reload]);
  const viewer = session.data?.me;
  const authPath = path.startsWith('/login') || path.startsWith('/signup');
  // The page behind an invitation link shows the invitation to signed-out visitors too, with log-in and sign-up.
  const invitation = match('/invitations/:token', path);

  useEffect(() => {
    if (session.loading || session.error) return;
    if (!viewer && !authPath && !invitation) navigate(`/login${path !== '/' ? `?next=${encodeURIComponent(path)}` : ''}`, { replace: true });
    if (viewer && authPath) navigate(localPath(new URLSearchParams(location.search).get('next')), { replace: true });
  }, [viewer, authPath, invitation?.token, session.loading, session.error, path]);

  if (!session.data && session.loading) return <main className="centered"><Loading what="Opening the dashboard" /></main>;
  if (!session.data && session.error) {
    return (
      <main className="centered">
        <ErrorNote error={session.error} />
        <button type="button" onClick={() => void session.reload()}>Try again</button>
      </main>
    );
  }
  if (!viewer && invitation) return <main className="centered"><InvitationPage token={invitation.token!} signedIn={false} /></main>;
  if (!viewer) return authPath ? <AuthPage mode={path.startsWith('/signup') ? 'signup' : 'login'} onSignedIn={session.reload} /> : null;
  return (
    <SessionContext.Provider value={{ viewer, refresh: session.reload }}>
      <Layout path={path}>
        <Routes path={path} refresh={session.reload} />
      </Layout>
    </SessionContext.Provider>
  );
}

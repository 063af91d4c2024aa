// The frame around every signed-in page: organization switcher, the organization's sections, account.
import type { ReactNode } from 'react';
import { useMutation } from './api.ts';
import { graphql } from './generated/gql.ts';
import { Link, navigate } from './router.tsx';
import { useSession } from './session.ts';

const LogOutDocument = graphql(`
  mutation LogOutViewer { logOut }
`);

const SECTIONS = [
  ['', 'Overview'],
  ['/notifications', 'Notifications'],
  ['/compose', 'Compose'],
  ['/settings', 'Settings'],
] as const;

export function Layout({ path, children }: { path: string; children: ReactNode }) {
  const { viewer, refresh } = useSession();
  const logOut = useMutation(LogOutDocument);
  const orgId = /^\/orgs\/([^/?]+)/.exec(path)?.[1];
  const current = viewer.memberships.find((m) => m.organization.id === orgId);
  const signOut = async () => {
    await logOut.run(undefined);
    await refresh();
    navigate('/login', { replace: true });
  };
  const section = current ? path.slice(`/orgs/${current.organization.id}`.length).split('?')[0] : undefined;

  return (
    <>
      <a className="skip" href="#content">Skip to content</a>
      <header className="topbar">
        <Link to="/" className="brand">Clarion</Link>
        {viewer.memberships.length > 0 && (
          <label className="switcher">
            <span className="visually-hidden">Organization</span>
            <select value={current?.organization.id ?? ''} onChange={(event) => event.target.value && navigate(event.target.value === 'new' ? '/orgs/new' : `/orgs/${event.target.value}`)}>
              {!current && <option value="">Choose an organization</option>}
              {viewer.memberships.map((m) => (
                <option key={m.organization.id} value={m.organization.id}>
                  {m.organization.name}
                </option>
              ))}
              <option value="new">+ New organization</option>
            </select>
          </label>
        )}
        <nav className="account" aria-label="Account">
          {/* A page of its own (Swagger UI, served by the dashboard's server), so a full load rather than the router. */}
          <a href="/docs">API reference</a>
          <Link to="/account" aria-current={path === '/account' ? 'page' : undefined}>{viewer.email}</Link>
          <button type="button" className="link" onClick={signOut} disabled={logOut.pending}>
            Log out
          </button>
        </nav>
      </header>
      {current && (
        <nav className="sections" aria-label={`${current.organization.name} sections`}>
          {SECTIONS.map(([suffix, label]) => {
            const active = suffix === '' ? section === '' || section === '/' : section?.startsWith(suffix);
            return (
              <Link key={suffix} to={`/orgs/${current.organization.id}${suffix}`} aria-current={active ? 'page' : undefined}>
                {label}
              </Link>
            );
          })}
        </nav>
      )}
      <main id="content" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

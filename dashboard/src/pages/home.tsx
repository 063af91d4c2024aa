// The landing page: straight into the first organization, or an invitation to create one.
import { useEffect } from 'react';
import { Empty } from '../components/ui.tsx';
import { Link, navigate } from '../router.tsx';
import { useSession } from '../session.ts';

export function HomePage() {
  const { viewer } = useSession();
  const first = viewer.memberships[0]?.organization.id;
  useEffect(() => {
    if (first) navigate(`/orgs/${first}`, { replace: true });
  }, [first]);
  if (first) return null;
  return (
    <section>
      <h1>Welcome to Clarion</h1>
      <Empty title="You do not belong to an organization yet.">
        <p>Create one to get an invite code for your app, API keys and a notification composer. If a colleague already has one, ask its owner to add {viewer.email}.</p>
        <Link to="/orgs/new" className="button">
          Create an organization
        </Link>
      </Empty>
    </section>
  );
}

// Settings has two pages: the organization itself, and its API keys.
import { Link } from '../router.tsx';

export function SettingsNav({ orgId, current }: { orgId: string; current: 'general' | 'keys' }) {
  return (
    <>
      <h1>Settings</h1>
      <nav className="subnav" aria-label="Settings">
        <Link to={`/orgs/${orgId}/settings`} aria-current={current === 'general' ? 'page' : undefined}>
          General
        </Link>
        <Link to={`/orgs/${orgId}/settings/keys`} aria-current={current === 'keys' ? 'page' : undefined}>
          API keys
        </Link>
      </nav>
    </>
  );
}

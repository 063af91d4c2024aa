// Settings has four pages: the organization itself, its API keys, its webhooks, and identity verification.
import { Link } from '../router.tsx';

export function SettingsNav({ orgId, current }: { orgId: string; current: 'general' | 'keys' | 'webhooks' | 'identity' }) {
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
        <Link to={`/orgs/${orgId}/settings/webhooks`} aria-current={current === 'webhooks' ? 'page' : undefined}>
          Webhooks
        </Link>
        <Link to={`/orgs/${orgId}/settings/identity`} aria-current={current === 'identity' ? 'page' : undefined}>
          Identity verification
        </Link>
      </nav>
    </>
  );
}

// The organization's last broadcast that APNs refused because of a Clarion setting (a wrong APNS_TOPIC,
// APNS_ENV or key): nothing an organization can change, so the page says whose setting it is.
import { Link } from '../router.tsx';
import { Time } from './ui.tsx';

export interface ConfigurationError {
  notificationId: string;
  message: string;
  at: string;
}

export function ConfigurationWarning({ orgId, error }: { orgId: string; error: ConfigurationError | null | undefined }) {
  if (!error) return null;
  return (
    <section className="card attention" aria-labelledby="configuration-warning-heading" data-testid="configuration-warning">
      <h2 id="configuration-warning-heading">APNs refused the last broadcast because of a server setting</h2>
      <p>{error.message}</p>
      <p className="muted">
        Stopped <Time value={error.at} />. The setting belongs to the Clarion server, not to this organization: whoever runs
        it can test the fix with <code>clarion apns check</code>. This warning goes away when a later broadcast completes.
      </p>
      <Link to={`/orgs/${orgId}/notifications/${error.notificationId}`}>See the stopped broadcast</Link>
    </section>
  );
}

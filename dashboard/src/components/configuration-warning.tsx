// The organization's last broadcast that a push service refused, as a whole or for one platform, because of a
// Clarion setting (APNs: APNS_TOPIC, APNS_ENV, the key; FCM: FCM_CREDENTIALS; Web Push: the VAPID key): nothing an
// organization can change, so the page says whose setting it is. Which push service it was is read from the stopped
// broadcast's error code, not guessed from its message.
import { useQuery } from '../api.ts';
import { graphql } from '../generated/gql.ts';
import { platformOfCode, type PlatformInfo } from '../platforms.ts';
import { Link } from '../router.tsx';
import { Time } from './ui.tsx';

export interface ConfigurationError {
  notificationId: string;
  message: string;
  at: string;
}

const StoppedDocument = graphql(`
  query StoppedBroadcast($organizationId: ID!, $id: ID!) {
    organizationNotification(organizationId: $organizationId, id: $id) { id status error { code } }
  }
`);

/** Who refused, by platform; a code the dashboard does not know yet reads as any push service. */
const REFUSED_BY: Record<string, string> = { ios: 'APNs', android: 'FCM', web: 'A browser push service' };

/** How whoever runs the server fixes it: only APNs has a command to test the fix with. */
function howToFix(platform: PlatformInfo | undefined) {
  if (platform?.key === 'ios') return <>whoever runs it can test the fix with <code>clarion apns check</code>.</>;
  if (platform?.key === 'android') {
    return <>whoever runs it fixes the setting the message names (<code>FCM_CREDENTIALS</code>, <code>FCM_URL</code>, or the Firebase project&rsquo;s Cloud Messaging settings).</>;
  }
  if (platform?.key === 'web') return <>whoever runs it fixes the setting the message names (the VAPID key pair, <code>VAPID_PUBLIC_KEY</code> and <code>VAPID_PRIVATE_KEY</code>).</>;
  return <>whoever runs it fixes the setting the message names.</>;
}

export function ConfigurationWarning({ orgId, error }: { orgId: string; error: ConfigurationError | null | undefined }) {
  if (!error) return null;
  return <Warning orgId={orgId} error={error} />;
}

function Warning({ orgId, error }: { orgId: string; error: ConfigurationError }) {
  const stopped = useQuery(StoppedDocument, { organizationId: orgId, id: error.notificationId });
  // Shown once the code is known (or cannot be), so the heading does not change under the reader.
  if (!stopped.data && !stopped.error) return null;
  const broadcast = stopped.data?.organizationNotification;
  const platform = platformOfCode(broadcast?.error?.code);
  const refusedBy = platform ? REFUSED_BY[platform.key] : 'A push service';
  // A platform stopped while the others were sent to: the broadcast itself did not fail.
  const part = broadcast && broadcast.status !== 'failed' && platform ? ` for ${platform.label} devices` : '';
  return (
    <section className="card attention" aria-labelledby="configuration-warning-heading" data-testid="configuration-warning" data-code={broadcast?.error?.code}>
      <h2 id="configuration-warning-heading">
        {refusedBy} refused the last broadcast{part} because of a server setting
      </h2>
      <p>{error.message}</p>
      <p className="muted">
        Stopped <Time value={error.at} />. The setting belongs to the Clarion server, not to this organization: {howToFix(platform)} This warning goes away
        when a later broadcast completes without an error.
      </p>
      <Link to={`/orgs/${orgId}/notifications/${error.notificationId}`}>See the stopped broadcast</Link>
    </section>
  );
}

// One broadcast in full, with its counts per platform; while it is scheduled or sending the page follows it, and it
// can be cancelled.
import { useQuery } from '../api.ts';
import { audienceOf, BroadcastError, cancellable, failuresOf, nextPoll, Progress, source, StatusBadge, statusNote, type Broadcast } from '../components/broadcast.tsx';
import { ByPlatform } from '../components/broadcast-platforms.tsx';
import { useCancelBroadcast } from '../components/cancel-broadcast.tsx';
import { Empty, ErrorNote, formatDuration, Loading, Time } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { Link } from '../router.tsx';

const DetailDocument = graphql(`
  query NotificationDetail($organizationId: ID!, $id: ID!) {
    organizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary ...BroadcastPlatforms }
  }
`);

/** What the "Finished" line says before there is a finishing time. */
const UNFINISHED: Record<string, string> = { scheduled: 'not started', sending: 'still sending' };

export function NotificationPage({ orgId, notificationId }: { orgId: string; notificationId: string }) {
  // Followed while it is scheduled or sending; an error (not a member, unknown id) stops the asking.
  const first = useQuery(DetailDocument, { organizationId: orgId, id: notificationId }, {
    poll: (data, error) => (error || !data?.organizationNotification ? undefined : nextPoll([data.organizationNotification])),
  });
  const cancel = useCancelBroadcast(orgId, first.reload);
  const n = first.data?.organizationNotification;
  const back = <Link to={`/orgs/${orgId}/notifications`}>← All notifications</Link>;
  if (first.error && !n) return <>{back}<ErrorNote error={first.error} /></>;
  if (!first.data) return <Loading what="Loading the notification" />;
  if (!n) return <>{back}<Empty title="This notification does not exist." /></>;
  // The error has a block of its own (BroadcastError), whatever the status.
  const note = n.status === 'scheduled' || n.status === 'cancelled' ? statusNote(n) : null;
  return (
    <>
      {back}
      <div className="title-row">
        <h1>{n.title || 'Notification'}</h1>
        <div className="title-status">
          <StatusBadge status={n.status} />
          {cancellable(n) && (
            <button type="button" className="secondary" onClick={() => cancel.ask(n)}>
              Cancel
            </button>
          )}
        </div>
      </div>
      <section className="card">
        <p className="message-body">{n.body}</p>
        {note && <p className="muted">{note}</p>}
        <BroadcastError broadcast={n} />
        {n.status !== 'scheduled' && <Progress broadcast={n} />}
        <dl className="facts">
          <dt>Audience</dt>
          <dd data-testid="audience">{audienceOf(n)}</dd>
          {n.languages.length > 0 && (
            <>
              <dt>Languages</dt>
              <dd data-testid="languages">{n.languages.join(', ')}, and the default text for the other devices</dd>
            </>
          )}
          <dt>Recipients</dt>
          <dd data-testid="recipients">
            {n.recipients.toLocaleString('en')} devices{n.status === 'scheduled' ? ' match now (counted again when it starts)' : ''}
          </dd>
          <dt>Delivered</dt>
          <dd data-testid="sent">{n.sent.toLocaleString('en')}</dd>
          <dt>Failed</dt>
          <dd>{n.failed.toLocaleString('en')}</dd>
          <dt>Opened</dt>
          <dd data-testid="opened">
            {n.opened.toLocaleString('en')}
            {n.sent > 0 && <span className="muted"> ({Math.round((n.opened / n.sent) * 100)}% of delivered, as the apps report opens)</span>}
          </dd>
          <dt>Created</dt>
          <dd><Time value={n.createdAt} /></dd>
          {n.sendAt && (
            <>
              <dt>{n.status === 'scheduled' ? 'Scheduled for' : 'Was scheduled for'}</dt>
              <dd><Time value={n.sendAt} exact /></dd>
            </>
          )}
          <dt>{n.status === 'cancelled' ? 'Cancelled' : 'Finished'}</dt>
          <dd>{n.finishedAt ? <Time value={n.finishedAt} /> : (UNFINISHED[n.status] ?? '—')}</dd>
          <dt>Duration</dt>
          <dd>{formatDuration(n.timing.durationMs)}</dd>
          <dt>From</dt>
          <dd>{source(n)}</dd>
          <dt>Id</dt>
          <dd><code>{n.id}</code></dd>
        </dl>
      </section>
      {n.status !== 'scheduled' && <ByPlatform broadcast={n} />}
      <Failures broadcast={n} />
      {cancel.dialog}
    </>
  );
}

function Failures({ broadcast }: { broadcast: Broadcast }) {
  const failures = failuresOf(broadcast);
  return (
    <section className="card" aria-labelledby="failures-heading">
      <h2 id="failures-heading">Failures by reason</h2>
      {failures.length === 0 ? (
        <p className="muted">No failures.</p>
      ) : (
        <>
          <p className="hint">
            As each push service answered: APNs for iOS (e.g. Unregistered), FCM for Android (e.g. UNREGISTERED), the browser&rsquo;s push service for the web (e.g. Gone).
            A platform stopped by a server setting counts its unsent devices under the error&rsquo;s code.
          </p>
          <table>
            <thead>
              <tr><th scope="col">Reason</th><th scope="col">Devices</th></tr>
            </thead>
            <tbody>
              {failures.map(([reason, count]) => (
                <tr key={reason}><td>{reason}</td><td>{count.toLocaleString('en')}</td></tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

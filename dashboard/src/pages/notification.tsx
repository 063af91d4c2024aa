// One broadcast in full; while it is sending the page follows its progress every second.
import { useQuery } from '../api.ts';
import { failuresOf, Progress, source, StatusBadge } from '../components/broadcast.tsx';
import { Empty, ErrorNote, formatDuration, Loading, Time } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { Link } from '../router.tsx';

const DetailDocument = graphql(`
  query NotificationDetail($organizationId: ID!, $id: ID!) {
    organizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary }
  }
`);

export function NotificationPage({ orgId, notificationId }: { orgId: string; notificationId: string }) {
  // Followed every second while it sends; an error (not a member, unknown id) stops the asking.
  const first = useQuery(DetailDocument, { organizationId: orgId, id: notificationId }, {
    poll: (data, error) => (!error && data?.organizationNotification?.status === 'sending' ? 1000 : undefined),
  });
  const n = first.data?.organizationNotification;
  const back = <Link to={`/orgs/${orgId}/notifications`}>← All notifications</Link>;
  if (first.error && !n) return <>{back}<ErrorNote error={first.error} /></>;
  if (!first.data) return <Loading what="Loading the notification" />;
  if (!n) return <>{back}<Empty title="This notification does not exist." /></>;
  const failures = failuresOf(n);
  return (
    <>
      {back}
      <div className="title-row">
        <h1>{n.title || 'Notification'}</h1>
        <StatusBadge status={n.status} />
      </div>
      <section className="card">
        <p className="message-body">{n.body}</p>
        <Progress broadcast={n} />
        <dl className="facts">
          <dt>Audience</dt>
          <dd>{n.target === 'all' ? 'All subscribers' : `Users: ${n.externalIds?.join(', ')}`}</dd>
          <dt>Recipients</dt>
          <dd data-testid="recipients">{n.recipients.toLocaleString('en')} devices</dd>
          <dt>Delivered</dt>
          <dd data-testid="sent">{n.sent.toLocaleString('en')}</dd>
          <dt>Failed</dt>
          <dd>{n.failed.toLocaleString('en')}</dd>
          <dt>Started</dt>
          <dd><Time value={n.createdAt} /></dd>
          <dt>Finished</dt>
          <dd>{n.finishedAt ? <Time value={n.finishedAt} /> : 'still sending'}</dd>
          <dt>Duration</dt>
          <dd>{formatDuration(n.timing.durationMs)}</dd>
          <dt>From</dt>
          <dd>{source(n)}</dd>
          <dt>Id</dt>
          <dd><code>{n.id}</code></dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="failures-heading">
        <h2 id="failures-heading">Failures by reason</h2>
        {failures.length === 0 ? (
          <p className="muted">No failures.</p>
        ) : (
          <table>
            <thead>
              <tr><th scope="col">APNs reason</th><th scope="col">Devices</th></tr>
            </thead>
            <tbody>
              {failures.map(([reason, count]) => (
                <tr key={reason}><td>{reason}</td><td>{count.toLocaleString('en')}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

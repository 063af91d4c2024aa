// History: every broadcast, newest first, a page at a time; scheduled and sending ones update live and can be cancelled.
import { useState } from 'react';
import { useQuery } from '../api.ts';
import { audienceOf, cancellable, failuresOf, nextPoll, Progress, sentAt, source, StatusBadge, statusNote } from '../components/broadcast.tsx';
import { cancelName, useCancelBroadcast } from '../components/cancel-broadcast.tsx';
import { Empty, ErrorNote, formatDuration, Loading, Time } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { Link } from '../router.tsx';

const HistoryDocument = graphql(`
  query NotificationHistory($organizationId: ID!, $cursor: String, $limit: Int) {
    organizationNotifications(organizationId: $organizationId, cursor: $cursor, limit: $limit) { notifications { ...BroadcastSummary } nextCursor }
  }
`);

const PAGE_SIZE = 20;

export function NotificationsPage({ orgId }: { orgId: string }) {
  // The cursors of the pages before this one, so "Newer" can go back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  // Every second while a broadcast on the page is sending, when a scheduled one is due, else every 15 s for new ones.
  const history = useQuery(HistoryDocument, { organizationId: orgId, cursor, limit: PAGE_SIZE }, {
    poll: (data) => nextPoll(data?.organizationNotifications.notifications ?? []) ?? 15_000,
  });
  const page = history.data?.organizationNotifications;
  const cancel = useCancelBroadcast(orgId, history.reload);

  return (
    <>
      <div className="title-row">
        <h1>Notifications</h1>
        <Link to={`/orgs/${orgId}/compose`} className="button">
          Compose
        </Link>
      </div>
      {history.error && <ErrorNote error={history.error} />}
      {!page && !history.error && <Loading what="Loading history" />}
      {page && page.notifications.length === 0 && cursors.length === 1 && (
        <Empty title="Nothing sent yet.">
          <p>
            Broadcasts sent or scheduled from the <Link to={`/orgs/${orgId}/compose`}>composer</Link> or with a live API key appear here. Test sends are not recorded.
          </p>
        </Empty>
      )}
      {page && page.notifications.length > 0 && (
        <div className="table-wrap">
          <table className="history">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Message</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Delivered</th>
                <th scope="col">Failed</th>
                <th scope="col">Time</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {page.notifications.map((n) => (
                <tr key={n.id}>
                  <td><Time value={sentAt(n)} /></td>
                  <td>
                    <Link to={`/orgs/${orgId}/notifications/${n.id}`} className="message-link">
                      {n.title ? <strong>{n.title}: </strong> : null}
                      {n.body.length > 80 ? `${n.body.slice(0, 80)}…` : n.body}
                    </Link>
                    <div className="muted small">{audienceOf(n, { short: true })}</div>
                  </td>
                  <td>
                    <StatusBadge status={n.status} />
                    {statusNote(n) && <div className="muted small">{statusNote(n)}</div>}
                    {cancellable(n) && (
                      <button type="button" className="secondary small" onClick={() => cancel.ask(n)} aria-label={cancelName(n)}>
                        Cancel
                      </button>
                    )}
                  </td>
                  <td><Progress broadcast={n} /></td>
                  <td>{n.sent.toLocaleString('en')}</td>
                  <td>
                    {n.failed.toLocaleString('en')}
                    {n.failed > 0 && <div className="muted small">{failuresOf(n).map(([reason, count]) => `${reason} ${count}`).join(', ')}</div>}
                  </td>
                  <td>{formatDuration(n.timing.durationMs)}</td>
                  <td>{source(n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (cursors.length > 1 || page.nextCursor) && (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="secondary" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            ← Newer
          </button>
          <span className="muted">Page {cursors.length}</span>
          <button type="button" className="secondary" disabled={!page.nextCursor} onClick={() => setCursors((c) => [...c, page.nextCursor ?? null])}>
            Older →
          </button>
        </nav>
      )}
      {cancel.dialog}
    </>
  );
}

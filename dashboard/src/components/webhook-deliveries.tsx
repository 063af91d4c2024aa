// How a webhook delivery reads: its status badge, the endpoint's last answer in one line, and the
// table of recent deliveries with attempts, HTTP status, error and the next retry.
import { graphql } from '../generated/gql.ts';
import type { WebhookDeliverySummaryFragment } from '../generated/graphql.ts';
import { Time } from './ui.tsx';

export const WebhookDeliverySummary = graphql(`
  fragment WebhookDeliverySummary on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }
`);

export type Delivery = WebhookDeliverySummaryFragment;

export function DeliveryStatus({ status }: { status: string }) {
  return <span className={`badge delivery-${status}`}>{status}</span>;
}

/** What the receiver answered: "HTTP 500", or the error in words when there was no answer. */
export const answerOf = (delivery: Pick<Delivery, 'statusCode' | 'error'>) => (delivery.statusCode != null ? `HTTP ${delivery.statusCode}` : delivery.error ?? 'no answer yet');

/** The list's "Last delivery" cell: status, the answer, and when. */
export function LastDelivery({ delivery }: { delivery: Delivery | null | undefined }) {
  if (!delivery) return <span className="muted">none yet</span>;
  return (
    <span data-testid="last-delivery">
      <DeliveryStatus status={delivery.status} /> {delivery.attempts > 0 ? answerOf(delivery) : 'not sent yet'} · <code>{delivery.event}</code> ·{' '}
      <Time value={delivery.lastAttemptAt ?? delivery.createdAt} />
    </span>
  );
}

/**
 * Every second while a delivery is on its way, when a retry is due (at most 15 s), else every 15 s
 * (new events arrive without anyone on the page doing anything).
 */
export function nextPoll(deliveries: Pick<Delivery, 'status' | 'nextAttemptAt'>[]) {
  if (deliveries.some((d) => d.status === 'pending')) return 1000;
  const retries = deliveries.filter((d) => d.status === 'retrying').map((d) => (d.nextAttemptAt ? Date.parse(d.nextAttemptAt) - Date.now() : 0));
  return Math.max(1000, Math.min(15_000, ...retries));
}

export function DeliveriesTable({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) {
    return <p className="muted">No deliveries yet. Events this endpoint listens to appear here, and so does a test event.</p>;
  }
  return (
    <div className="table-wrap">
      <table className="deliveries">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Status code</th>
            <th scope="col">Error</th>
            <th scope="col">Created</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Next retry</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} data-delivery-id={delivery.id}>
              <td>
                <code>{delivery.event}</code>
                <div className="muted small" title="The webhook-id header: the same on every retry">{delivery.id}</div>
              </td>
              <td><DeliveryStatus status={delivery.status} /></td>
              <td>{delivery.attempts}</td>
              <td>{delivery.statusCode ?? <span className="muted">—</span>}</td>
              <td>{delivery.error ?? <span className="muted">—</span>}</td>
              <td><Time value={delivery.createdAt} /></td>
              <td><Time value={delivery.lastAttemptAt} /></td>
              <td>{delivery.nextAttemptAt ? <Time value={delivery.nextAttemptAt} /> : <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

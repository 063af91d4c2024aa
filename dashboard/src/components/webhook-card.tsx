// One webhook endpoint: what it listens to, its last answer, a warning while Clarion has disabled it,
// its actions (test, rotate, delete) and its recent deliveries.
import { useState } from 'react';
import { useMutation } from '../api.ts';
import { graphql } from '../generated/gql.ts';
import type { WebhookSummaryFragment } from '../generated/graphql.ts';
import { DeliveriesTable, LastDelivery } from './webhook-deliveries.tsx';
import { ErrorNote, Time } from './ui.tsx';

export const WebhookSummary = graphql(`
  fragment WebhookSummary on Webhook {
    id url events createdAt disabledAt disabledReason
    deliveries { ...WebhookDeliverySummary }
  }
`);
const SendTestDocument = graphql(`
  mutation SendManagedWebhookTest($organizationId: ID!, $id: ID!) { sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id } }
`);
const EnableDocument = graphql(`
  mutation EnableManagedWebhook($organizationId: ID!, $id: ID!) { enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt } }
`);

export type Webhook = WebhookSummaryFragment;

interface Props {
  orgId: string;
  webhook: Webhook;
  /** Owners and admins; other members read only. */
  canManage: boolean;
  reload: () => Promise<void>;
  onRotate: () => void;
  onDelete: () => void;
}

export function WebhookCard({ orgId, webhook, canManage, reload, onRotate, onDelete }: Props) {
  const sendTest = useMutation(SendTestDocument);
  const enable = useMutation(EnableDocument);
  const [queued, setQueued] = useState<string>();
  const [open, setOpen] = useState(false);
  const headingId = `webhook-${webhook.id}`;

  const test = async () => {
    setQueued(undefined);
    const result = await sendTest.run({ organizationId: orgId, id: webhook.id });
    if (!result) return;
    setQueued(result.sendOrganizationWebhookTest.id);
    setOpen(true);
    await reload();
  };
  const enableAgain = async () => {
    if (await enable.run({ organizationId: orgId, id: webhook.id })) await reload();
  };

  return (
    <article className={`card webhook${webhook.disabledAt ? ' disabled' : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="webhook-url">
        <code>{webhook.url}</code>
      </h3>
      {webhook.disabledAt && (
        <div className="attention" role="status" data-testid="webhook-disabled">
          <p>
            <strong>Disabled since <Time value={webhook.disabledAt} exact /></strong>
            {webhook.disabledReason && ` (${webhook.disabledReason})`}. Clarion sends this endpoint nothing until it is enabled again.
          </p>
          {canManage && (
            <button type="button" className="small" onClick={enableAgain} disabled={enable.pending}>
              {enable.pending ? 'Enabling…' : 'Enable again'}
            </button>
          )}
          <ErrorNote error={enable.error} />
        </div>
      )}
      <dl className="facts">
        <dt>Events</dt>
        <dd className="event-list">
          {webhook.events.map((event) => (
            <span key={event} className="badge"><code>{event}</code></span>
          ))}
        </dd>
        <dt>Created</dt>
        <dd><Time value={webhook.createdAt} /></dd>
        <dt>Last delivery</dt>
        {/* The newest of the list below (what lastDelivery is), read in the same answer so the two always agree. */}
        <dd><LastDelivery delivery={webhook.deliveries[0]} /></dd>
      </dl>
      {canManage && (
        <div className="webhook-actions">
          {/* A disabled endpoint is sent nothing, tests included: the warning above offers to enable it. */}
          {!webhook.disabledAt && (
            <button type="button" className="secondary small" onClick={test} aria-describedby={headingId} disabled={sendTest.pending}>
              {sendTest.pending ? 'Sending…' : 'Send test event'}
            </button>
          )}
          <button type="button" className="secondary small" onClick={onRotate} aria-describedby={headingId}>
            Rotate secret
          </button>
          <button type="button" className="danger small" onClick={onDelete} aria-describedby={headingId}>
            Delete
          </button>
        </div>
      )}
      {queued && (
        <p className="success" role="status">
          Test event <code>{queued}</code> queued: it shows below as delivered once the endpoint answers 2xx.
        </p>
      )}
      <ErrorNote error={sendTest.error} />
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Recent deliveries ({webhook.deliveries.length})</summary>
        <DeliveriesTable deliveries={webhook.deliveries} />
      </details>
    </article>
  );
}

// Settings → Webhooks: add an endpoint (its secret shown once), see each endpoint's deliveries, send a
// test event, rotate the secret, delete, and enable again one that Clarion disabled after 24 h of failures.
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { SettingsNav } from '../components/settings-nav.tsx';
import { ConfirmDialog, Empty, ErrorNote, Loading } from '../components/ui.tsx';
import { WebhookCard, type Webhook } from '../components/webhook-card.tsx';
import { nextPoll } from '../components/webhook-deliveries.tsx';
import { AddWebhookForm } from '../components/webhook-form.tsx';
import { WebhookSecret } from '../components/webhook-secret.tsx';
import { graphql } from '../generated/gql.ts';

const WebhooksDocument = graphql(`
  query OrganizationWebhooks($id: ID!) { managedOrganization(id: $id) { id viewerRole webhooks { ...WebhookSummary } } }
`);
const DeleteDocument = graphql(`
  mutation DeleteManagedWebhook($organizationId: ID!, $id: ID!) { deleteOrganizationWebhook(organizationId: $organizationId, id: $id) }
`);
const RotateDocument = graphql(`
  mutation RotateManagedWebhookSecret($organizationId: ID!, $id: ID!) {
    rotateOrganizationWebhookSecret(organizationId: $organizationId, id: $id) { secret webhook { id url } }
  }
`);

const MANAGING_ROLES: readonly string[] = ['owner', 'admin'];

export function WebhooksPage({ orgId }: { orgId: string }) {
  const query = useQuery(WebhooksDocument, { id: orgId });
  const remove = useMutation(DeleteDocument);
  const rotate = useMutation(RotateDocument);
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean }>();
  const [asking, setAsking] = useState<{ action: 'delete' | 'rotate'; webhook: Webhook }>();
  const organization = query.data?.managedOrganization;
  const webhooks = organization?.webhooks ?? [];
  const canManage = MANAGING_ROLES.includes(organization?.viewerRole ?? '');

  // Deliveries change without anyone acting here (events, retries), so the page asks again after each
  // answer: soon while one is on its way, else every 15 s. A reload after an action resets the clock.
  const { data, error, reload } = query;
  useEffect(() => {
    const timer = setTimeout(() => void reload(), nextPoll(data?.managedOrganization.webhooks?.flatMap((w) => w.deliveries) ?? []));
    return () => clearTimeout(timer);
  }, [data, error, reload]);

  const close = () => {
    setAsking(undefined);
    remove.clearError();
    rotate.clearError();
  };
  const confirm = async () => {
    if (!asking) return;
    const variables = { organizationId: orgId, id: asking.webhook.id };
    if (asking.action === 'delete') {
      if (!(await remove.run(variables))) return;
      if (secret?.url === asking.webhook.url) setSecret(undefined);
    } else {
      const result = await rotate.run(variables);
      if (!result) return;
      setSecret({ url: result.rotateOrganizationWebhookSecret.webhook.url, secret: result.rotateOrganizationWebhookSecret.secret, rotated: true });
    }
    setAsking(undefined);
    await reload();
  };

  return (
    <>
      <SettingsNav orgId={orgId} current="webhooks" />
      <p className="lead">
        Clarion POSTs a signed JSON event to your endpoints when a broadcast completes, fails or is cancelled, and when a push service declares devices gone, so
        your servers hear without polling. A delivery that gets no 2xx answer is retried with growing pauses for 24 hours; an endpoint that fails
        for all of that time is disabled.
      </p>
      {secret && <WebhookSecret {...secret} onHide={() => setSecret(undefined)} />}
      {query.error && <ErrorNote error={query.error} />}
      {!organization && !query.error && <Loading what="Loading webhooks" />}
      {organization && canManage && (
        <section className="card" aria-labelledby="add-webhook-heading">
          <h2 id="add-webhook-heading">Add an endpoint</h2>
          <AddWebhookForm
            orgId={orgId}
            onCreated={async (created) => {
              setSecret({ ...created, rotated: false });
              await reload();
            }}
          />
        </section>
      )}
      {organization && (
        <section aria-labelledby="webhooks-heading">
          <h2 id="webhooks-heading">Endpoints</h2>
          {!canManage && <p className="muted">You can see this organization’s endpoints; only owners and admins can add, test or change them.</p>}
          {webhooks.length === 0 && <Empty title="No endpoints yet.">{canManage ? 'Add one above to hear about broadcasts and dead devices.' : null}</Empty>}
          {webhooks.map((webhook) => (
            <WebhookCard
              key={webhook.id}
              orgId={orgId}
              webhook={webhook}
              canManage={canManage}
              reload={reload}
              onRotate={() => setAsking({ action: 'rotate', webhook })}
              onDelete={() => setAsking({ action: 'delete', webhook })}
            />
          ))}
        </section>
      )}
      <ConfirmDialog
        open={asking?.action === 'delete'}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        danger
        pending={remove.pending}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>
          <code>{asking?.webhook.url}</code> gets no more events, and deliveries still being retried stop. This cannot be undone.
        </p>
        <ErrorNote error={remove.error} />
      </ConfirmDialog>
      <ConfirmDialog
        open={asking?.action === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        danger
        pending={rotate.pending}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>
          Deliveries to <code>{asking?.webhook.url}</code> are signed with a new secret from now on, shown once on the next screen. The current
          secret stops working at once: until the receiver has the new one it will refuse deliveries (they are retried for 24 hours).
        </p>
        <ErrorNote error={rotate.error} />
      </ConfirmDialog>
    </>
  );
}

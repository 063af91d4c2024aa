// Cancelling a scheduled or sending broadcast, after asking: one dialog per page, opened by any row's button.
import { useState } from 'react';
import { useMutation } from '../api.ts';
import { graphql } from '../generated/gql.ts';
import type { Broadcast } from './broadcast.tsx';
import { ConfirmDialog, ErrorNote } from './ui.tsx';

const CancelDocument = graphql(`
  mutation CancelBroadcast($organizationId: ID!, $id: ID!) { cancelOrganizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary } }
`);

type Target = Pick<Broadcast, 'id' | 'status' | 'title' | 'body' | 'sent'>;

/** The button's accessible name says which broadcast it stops: a table has one per row. */
export const cancelName = (broadcast: Pick<Broadcast, 'title' | 'body'>) => {
  const text = broadcast.title || broadcast.body;
  return `Cancel “${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
};

/**
 * `ask(broadcast)` opens the confirmation; `dialog` goes once in the page. After the answer (a cancel,
 * or a refusal because it finished meanwhile) `changed` reloads the page's data, so it shows the outcome.
 */
export function useCancelBroadcast(organizationId: string, changed: () => Promise<void>) {
  const cancel = useMutation(CancelDocument);
  const [target, setTarget] = useState<Target>();
  const close = () => {
    setTarget(undefined);
    cancel.clearError();
  };
  const confirm = async () => {
    if (!target?.id) return;
    const done = await cancel.run({ organizationId, id: target.id });
    if (done) setTarget(undefined);
    await changed();
  };
  const dialog = (
    <ConfirmDialog open={!!target} title="Cancel this broadcast?" confirmLabel="Cancel broadcast" cancelLabel="Keep it" danger pending={cancel.pending} onConfirm={confirm} onCancel={close}>
      <p>
        {target?.status === 'scheduled'
          ? 'It will not be sent. To send it later after all, compose it again.'
          : `Devices it has not reached yet will not get it; the ${target?.sent.toLocaleString('en') ?? 0} already sent keep it, and the pages under way finish.`}{' '}
        This cannot be undone.
      </p>
      <ErrorNote error={cancel.error} />
    </ConfirmDialog>
  );
  return { ask: (broadcast: Target) => (cancel.clearError(), setTarget(broadcast)), dialog };
}

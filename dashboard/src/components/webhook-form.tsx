// Adding a webhook endpoint: its URL and the events it wants, each with a line saying when it fires.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '../api.ts';
import { graphql } from '../generated/gql.ts';
import { ErrorNote, Field, fieldError } from './ui.tsx';

const CreateDocument = graphql(`
  mutation CreateManagedWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {
    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url } }
  }
`);

export const WEBHOOK_EVENTS = [
  ['broadcast.completed', 'A broadcast has finished sending. Carries the broadcast as GET /v1/notifications/{id} returns it.'],
  ['broadcast.failed', 'A broadcast stopped as a whole (for example when APNs, FCM or Web Push refuses a server setting and the audience has no other platform), not when single devices fail.'],
  ['broadcast.cancelled', 'A scheduled or sending broadcast was cancelled, from the dashboard or the API.'],
  ['devices.unregistered', 'A push service (APNs, FCM, Web Push) declared devices’ tokens dead (the app was removed, the browser unsubscribed): their device ids and external ids, to clean up your users.'],
] as const;

export function AddWebhookForm({ orgId, onCreated }: { orgId: string; onCreated: (created: { url: string; secret: string }) => Promise<void> }) {
  const create = useMutation(CreateDocument);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(WEBHOOK_EVENTS.map(([event]) => event));
  const eventsNote = useId();
  const eventsError = fieldError(create.error, 'events');

  const toggle = (event: string, on: boolean) => setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // In the list's order, whatever order they were ticked in.
    const result = await create.run({ organizationId: orgId, url: url.trim(), events: WEBHOOK_EVENTS.map(([event]) => event).filter((event) => events.includes(event)) });
    if (!result) return;
    setUrl('');
    await onCreated({ url: result.createOrganizationWebhook.webhook.url, secret: result.createOrganizationWebhook.secret });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/clarion-events"
        maxLength={2048}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint="Clarion POSTs each event here as JSON, signed. Any 2xx answer within 10 seconds counts as delivered; redirects are not followed."
        error={fieldError(create.error, 'url')}
      />
      <fieldset className="field" aria-describedby={eventsError ? eventsNote : undefined} aria-invalid={eventsError ? true : undefined}>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map(([event, when]) => (
          <EventChoice key={event} event={event} when={when} checked={events.includes(event)} onChange={(on) => toggle(event, on)} />
        ))}
        {eventsError && (
          <p id={eventsNote} className="field-error">
            {eventsError}
          </p>
        )}
      </fieldset>
      <button type="submit" disabled={create.pending}>
        {create.pending ? 'Adding…' : 'Add endpoint'}
      </button>
      <ErrorNote error={create.error} fields={['url', 'events']} />
    </form>
  );
}

/** A checkbox named by the event type, described by when it fires. */
function EventChoice({ event, when, checked, onChange }: { event: string; when: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="event-choice">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-when`} />
      <label htmlFor={id}>
        <code>{event}</code>
      </label>
      <p id={`${id}-when`} className="hint">
        {when}
      </p>
    </div>
  );
}

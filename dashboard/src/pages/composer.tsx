// The composer: write a notification, see it as an iOS banner, send a test to one device, then send
// it for real after confirming how many devices it will reach.
import { useState, type FormEvent } from 'react';
import { ApiError, request, useMutation, useQuery } from '../api.ts';
import { OrgAvatar } from '../components/organization-form.tsx';
import { ConfirmDialog, ErrorNote, Field, fieldError, Select, TextArea } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { Link, navigate } from '../router.tsx';

const ComposerOrganization = graphql(`
  query ComposerOrganization($id: ID!) { managedOrganization(id: $id) { id name logoUrl brandColor subscriberCount } }
`);
const AudienceDocument = graphql(`
  query ComposerAudience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }
`);
const SendDocument = graphql(`
  mutation ComposerSend($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {
    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed failures }
  }
`);

interface Draft {
  target: 'all' | 'users';
  externalIds: string;
  title: string;
  subtitle: string;
  body: string;
  sound: string;
  badge: string;
  interruptionLevel: string;
  threadId: string;
  collapseId: string;
  data: string;
}

const EMPTY: Draft = { target: 'all', externalIds: '', title: '', subtitle: '', body: '', sound: 'default', badge: '', interruptionLevel: '', threadId: '', collapseId: '', data: '' };

/** The draft as a POST /v1/notify body; a problem the server would also find is reported by the server. */
function toInput(draft: Draft): Record<string, unknown> {
  const input: Record<string, unknown> = { body: draft.body, target: draft.target };
  if (draft.target === 'users') input.externalIds = draft.externalIds.split(/[\s,]+/).filter(Boolean);
  for (const key of ['title', 'subtitle', 'sound', 'interruptionLevel', 'threadId', 'collapseId'] as const) if (draft[key].trim()) input[key] = draft[key].trim();
  if (draft.badge.trim()) input.badge = /^\d+$/.test(draft.badge.trim()) ? Number(draft.badge) : draft.badge;
  if (draft.data.trim()) {
    try {
      input.data = JSON.parse(draft.data);
    } catch {
      throw new ApiError('data must be a JSON object, e.g. {"url": "https://…"}', 'VALIDATION_FAILED', 'data');
    }
  }
  return input;
}

export function ComposerPage({ orgId }: { orgId: string }) {
  const org = useQuery(ComposerOrganization, { id: orgId }).data?.managedOrganization;
  const send = useMutation(SendDocument);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [localError, setLocalError] = useState<ApiError>();
  const [testResult, setTestResult] = useState<string>();
  const [confirm, setConfirm] = useState<{ devices: number; input: Record<string, unknown> }>();
  const [checking, setChecking] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const set = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A changed message is a new broadcast, not a retry of the last one.
    setIdempotencyKey(crypto.randomUUID());
  };
  const error = localError ?? send.error;

  const inputOrError = () => {
    setLocalError(undefined);
    send.clearError();
    try {
      return toInput(draft);
    } catch (caught) {
      setLocalError(caught as ApiError);
      return undefined;
    }
  };

  const sendTest = async () => {
    setTestResult(undefined);
    const input = inputOrError();
    if (!input) return;
    const result = await send.run({ organizationId: orgId, input, test: true });
    if (!result) return;
    const b = result.sendNotification;
    setTestResult(
      b.recipients === 0
        ? 'No subscribed device matches this audience, so the test went nowhere.'
        : b.sent === 1
          ? 'Test sent to the most recently subscribed matching device.'
          : `The test failed: ${Object.keys((b.failures ?? {}) as object).join(', ') || 'APNs refused it'}.`,
    );
  };

  const review = async (event: FormEvent) => {
    event.preventDefault();
    setTestResult(undefined);
    const input = inputOrError();
    if (!input) return;
    setChecking(true);
    try {
      const { audienceSize } = await request(AudienceDocument, { organizationId: orgId, input });
      setConfirm({ devices: audienceSize, input });
    } catch (caught) {
      setLocalError(caught as ApiError);
    } finally {
      setChecking(false);
    }
  };

  const sendLive = async () => {
    if (!confirm) return;
    const result = await send.run({ organizationId: orgId, input: confirm.input, test: false, idempotencyKey });
    setConfirm(undefined);
    if (result?.sendNotification.id) navigate(`/orgs/${orgId}/notifications/${result.sendNotification.id}`);
  };

  return (
    <>
      <h1>Compose a notification</h1>
      <div className="composer">
        <form onSubmit={review} noValidate>
          <fieldset className="field">
            <legend>Audience</legend>
            <label className="choice">
              <input type="radio" name="target" checked={draft.target === 'all'} onChange={() => set('target', 'all')} /> All subscribers{org ? ` (${org.subscriberCount.toLocaleString('en')})` : ''}
            </label>
            <label className="choice">
              <input type="radio" name="target" checked={draft.target === 'users'} onChange={() => set('target', 'users')} /> Chosen users, by externalId
            </label>
          </fieldset>
          {draft.target === 'users' && (
            <TextArea label="External ids" rows={2} value={draft.externalIds} onChange={(e) => set('externalIds', e.target.value)} hint="Separated by commas, spaces or lines; up to 1,000." error={fieldError(error, 'externalIds')} />
          )}
          <Field label="Title" maxLength={256} value={draft.title} onChange={(e) => set('title', e.target.value)} error={fieldError(error, 'title')} />
          <Field label="Subtitle" maxLength={256} value={draft.subtitle} onChange={(e) => set('subtitle', e.target.value)} error={fieldError(error, 'subtitle')} />
          <TextArea label="Body" required rows={4} maxLength={4096} value={draft.body} onChange={(e) => set('body', e.target.value)} error={fieldError(error, 'body')} />
          <details>
            <summary>More options</summary>
            <Field label="Sound" value={draft.sound} onChange={(e) => set('sound', e.target.value)} hint="“default”, a sound file in the app, or empty for silence." error={fieldError(error, 'sound')} />
            <Field label="Badge" inputMode="numeric" value={draft.badge} onChange={(e) => set('badge', e.target.value)} hint="The number on the app icon; 0 clears it." error={fieldError(error, 'badge')} />
            <Select label="Interruption level" value={draft.interruptionLevel} onChange={(e) => set('interruptionLevel', e.target.value)} error={fieldError(error, 'interruptionLevel')}>
              <option value="">Default (active)</option>
              <option value="passive">Passive</option>
              <option value="active">Active</option>
              <option value="time-sensitive">Time sensitive</option>
              <option value="critical">Critical</option>
            </Select>
            <Field label="Thread id" value={draft.threadId} onChange={(e) => set('threadId', e.target.value)} hint="Groups notifications together on the phone." error={fieldError(error, 'threadId')} />
            <Field label="Collapse id" value={draft.collapseId} onChange={(e) => set('collapseId', e.target.value)} hint="A newer notification with the same id replaces this one." error={fieldError(error, 'collapseId')} />
            <TextArea label="Custom data (JSON)" rows={3} value={draft.data} onChange={(e) => set('data', e.target.value)} placeholder='{"url": "https://example.com/news/42"}' error={fieldError(error, 'data')} />
          </details>
          <ErrorNote error={error} fields={['externalIds', 'title', 'subtitle', 'body', 'sound', 'badge', 'interruptionLevel', 'threadId', 'collapseId', 'data']} />
          {testResult && (
            <p className="success" role="status">
              {testResult}
            </p>
          )}
          <div className="actions">
            <button type="button" className="secondary" onClick={sendTest} disabled={send.pending}>
              Send test
            </button>
            <button type="submit" disabled={send.pending || checking}>
              {checking ? 'Counting devices…' : 'Send…'}
            </button>
          </div>
          <p className="hint">
            A test goes to the most recently subscribed matching device and is not recorded. Sent broadcasts appear in <Link to={`/orgs/${orgId}/notifications`}>history</Link>.
          </p>
        </form>
        <BannerPreview draft={draft} org={org} />
      </div>
      <ConfirmDialog open={!!confirm} title="Send this notification?" confirmLabel={`Send to ${confirm?.devices.toLocaleString('en') ?? ''} devices`} pending={send.pending} onConfirm={sendLive} onCancel={() => setConfirm(undefined)}>
        <p data-testid="confirm-devices">
          It will reach <strong>{confirm?.devices.toLocaleString('en')}</strong> {confirm?.devices === 1 ? 'device' : 'devices'} now. A sent notification cannot be recalled.
        </p>
      </ConfirmDialog>
    </>
  );
}

function BannerPreview({ draft, org }: { draft: Draft; org?: { name: string; logoUrl?: string | null; brandColor?: string | null } }) {
  return (
    <figure className="ios-preview" aria-label="iOS banner preview">
      <div className="ios-screen">
        <div className="ios-banner">
          <OrgAvatar name={org?.name ?? 'C'} logoUrl={org?.logoUrl} brandColor={org?.brandColor} size={38} />
          <div className="ios-text">
            <div className="ios-head">
              <span className="ios-title">{draft.title || org?.name || 'Clarion'}</span>
              <span className="ios-time">now</span>
            </div>
            {draft.subtitle && <div className="ios-subtitle">{draft.subtitle}</div>}
            <div className="ios-body">{draft.body || 'Your message appears here.'}</div>
          </div>
        </div>
      </div>
      <figcaption>Lock-screen banner on iPhone (approximate)</figcaption>
    </figure>
  );
}

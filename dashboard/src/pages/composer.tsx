// The composer: write a notification, to everyone, chosen users or the followers of topics, with its text in other
// languages if wanted; see it as iOS, Android and a browser show it, in each language; send a test to one device, then
// send it for real, now or at a chosen time, after confirming how many devices it will reach.
import { useState, type FormEvent } from 'react';
import { ApiError, request, useMutation, useQuery } from '../api.ts';
import { languageFields, LanguageTexts, localizedOf, previewLanguages, type LanguageText } from '../components/language-texts.tsx';
import { OWN_TEXT, PreviewTabs } from '../components/preview-tabs.tsx';
import { defaultSendAt, sendAtOf, SendTime, timeZone, type When } from '../components/send-time.tsx';
import { ConfirmReach, TopicPicker } from '../components/topic-picker.tsx';
import { ConfirmDialog, ErrorNote, Field, fieldError, formatInstant, fromNow, Select, TextArea } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { Link, navigate } from '../router.tsx';
import { TopicsDocument } from '../topics.ts';

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
  target: 'all' | 'users' | 'topics';
  externalIds: string;
  topics: string[];
  languages: LanguageText[];
  title: string;
  subtitle: string;
  body: string;
  sound: string;
  badge: string;
  interruptionLevel: string;
  threadId: string;
  collapseId: string;
  data: string;
  when: When;
  /** The datetime-local input's value, in the browser's time zone. */
  sendAt: string;
}

const EMPTY: Draft = { target: 'all', externalIds: '', topics: [], languages: [], title: '', subtitle: '', body: '', sound: 'default', badge: '', interruptionLevel: '', threadId: '', collapseId: '', data: '', when: 'now', sendAt: '' };

/**
 * The draft as a POST /v1/notify body; a problem the server would also find is reported by the server.
 * A test goes out at once whatever "when" says: tests are not stored, so the server refuses them a sendAt.
 */
function toInput(draft: Draft, { test }: { test: boolean }): Record<string, unknown> {
  const input: Record<string, unknown> = { body: draft.body, target: draft.target };
  if (draft.target === 'users') input.externalIds = draft.externalIds.split(/[\s,]+/).filter(Boolean);
  if (draft.target === 'topics') input.topics = draft.topics;
  if (draft.languages.length) input.localized = localizedOf(draft.languages);
  for (const key of ['title', 'subtitle', 'sound', 'interruptionLevel', 'threadId', 'collapseId'] as const) if (draft[key].trim()) input[key] = draft[key].trim();
  if (draft.badge.trim()) input.badge = /^\d+$/.test(draft.badge.trim()) ? Number(draft.badge) : draft.badge;
  if (draft.data.trim()) {
    try {
      input.data = JSON.parse(draft.data);
    } catch {
      throw new ApiError('data must be a JSON object, e.g. {"url": "https://…"}', 'VALIDATION_FAILED', 'data');
    }
  }
  if (!test && draft.when === 'later') input.sendAt = sendAtOf(draft.sendAt);
  return input;
}

export function ComposerPage({ orgId }: { orgId: string }) {
  const org = useQuery(ComposerOrganization, { id: orgId }).data?.managedOrganization;
  const knownTopics = useQuery(TopicsDocument, { organizationId: orgId }).data?.organizationTopics;
  const send = useMutation(SendDocument);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [localError, setLocalError] = useState<ApiError>();
  const [testResult, setTestResult] = useState<string>();
  const [confirm, setConfirm] = useState<{ devices: number; input: Record<string, unknown> }>();
  const [checking, setChecking] = useState(false);
  const [previewLanguage, setPreviewLanguage] = useState(OWN_TEXT);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A changed message is a new broadcast, not a retry of the last one.
    setIdempotencyKey(crypto.randomUUID());
  };
  const error = localError ?? send.error;

  const inputOrError = (test: boolean) => {
    setLocalError(undefined);
    send.clearError();
    try {
      return toInput(draft, { test });
    } catch (caught) {
      setLocalError(caught as ApiError);
      return undefined;
    }
  };

  const sendTest = async () => {
    setTestResult(undefined);
    const input = inputOrError(true);
    if (!input) return;
    const result = await send.run({ organizationId: orgId, input, test: true });
    if (!result) return;
    const b = result.sendNotification;
    setTestResult(
      b.recipients === 0
        ? 'No subscribed device matches this audience, so the test went nowhere.'
        : b.sent === 1
          ? 'Test sent to the most recently subscribed matching device.'
          : `The test failed: ${Object.keys((b.failures ?? {}) as object).join(', ') || 'the push service refused it'}.`,
    );
  };

  const review = async (event: FormEvent) => {
    event.preventDefault();
    setTestResult(undefined);
    const input = inputOrError(false);
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

  const sendAt = typeof confirm?.input.sendAt === 'string' ? new Date(confirm.input.sendAt) : undefined;
  const devices = confirm?.devices.toLocaleString('en') ?? '';
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
            <label className="choice">
              <input type="radio" name="target" checked={draft.target === 'topics'} onChange={() => set('target', 'topics')} /> Topics
            </label>
          </fieldset>
          {draft.target === 'users' && (
            <TextArea label="External ids" rows={2} value={draft.externalIds} onChange={(e) => set('externalIds', e.target.value)} hint="Separated by commas, spaces or lines; up to 1,000." error={fieldError(error, 'externalIds')} />
          )}
          {draft.target === 'topics' && <TopicPicker known={knownTopics} chosen={draft.topics} error={fieldError(error, 'topics')} onChange={(topics) => set('topics', topics)} />}
          <Field label="Title" maxLength={256} value={draft.title} onChange={(e) => set('title', e.target.value)} error={fieldError(error, 'title')} />
          <Field label="Subtitle" maxLength={256} value={draft.subtitle} onChange={(e) => set('subtitle', e.target.value)} error={fieldError(error, 'subtitle')} />
          <TextArea label="Body" required rows={4} maxLength={4096} value={draft.body} onChange={(e) => set('body', e.target.value)} error={fieldError(error, 'body')} />
          <LanguageTexts languages={draft.languages} error={error} onChange={(languages) => set('languages', languages)} onShow={setPreviewLanguage} />
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
          <SendTime
            when={draft.when}
            sendAt={draft.sendAt}
            error={fieldError(error, 'sendAt')}
            onWhen={(when) => {
              set('when', when);
              if (when === 'later' && !draft.sendAt) set('sendAt', defaultSendAt());
            }}
            onSendAt={(value) => set('sendAt', value)}
          />
          <ErrorNote error={error} fields={['externalIds', 'topics', 'localized', ...languageFields(draft.languages), 'title', 'subtitle', 'body', 'sound', 'badge', 'interruptionLevel', 'threadId', 'collapseId', 'data', ...(draft.when === 'later' ? ['sendAt'] : [])]} />
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
              {checking ? 'Counting devices…' : draft.when === 'later' ? 'Schedule…' : 'Send…'}
            </button>
          </div>
          <p className="hint">
            A test goes to the most recently subscribed matching device and is not recorded. Sent broadcasts appear in <Link to={`/orgs/${orgId}/notifications`}>history</Link>.
          </p>
        </form>
        <PreviewTabs
          draft={draft}
          org={org}
          languages={previewLanguages(draft.languages)}
          language={previewLanguage}
          onLanguage={setPreviewLanguage}
        />
      </div>
      <ConfirmDialog open={!!confirm} title={sendAt ? 'Schedule this notification?' : 'Send this notification?'} confirmLabel={sendAt ? 'Schedule' : `Send to ${devices} devices`} pending={send.pending} onConfirm={sendLive} onCancel={() => setConfirm(undefined)}>
        {sendAt ? (
          <p data-testid="confirm-devices">
            It will be sent on <strong data-testid="confirm-send-at">{formatInstant(sendAt)}</strong> ({timeZone()} time, {fromNow(sendAt)}) to the devices subscribed then: <strong>{devices}</strong>{' '}
            {confirm?.devices === 1 ? 'device matches' : 'devices match'} now. Until then you can cancel it from history.
          </p>
        ) : (
          <p data-testid="confirm-devices">
            It will reach <strong>{devices}</strong> {confirm?.devices === 1 ? 'device' : 'devices'} now. A sent notification cannot be recalled.
          </p>
        )}
        {confirm && <ConfirmReach input={confirm.input} />}
      </ConfirmDialog>
    </>
  );
}


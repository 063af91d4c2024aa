// Settings → API keys: make a key (shown once), see every key's use, revoke with confirmation.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { ConfirmDialog, CopyButton, Empty, ErrorNote, Field, fieldError, Loading, Time } from '../components/ui.tsx';
import { SettingsNav } from '../components/settings-nav.tsx';
import { graphql } from '../generated/gql.ts';
import type { ManagedApiKeysQuery } from '../generated/graphql.ts';

const KeysDocument = graphql(`
  query ManagedApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix createdAt lastUsedAt revokedAt } }
`);
const CreateDocument = graphql(`
  mutation CreateManagedApiKey($organizationId: ID!, $kind: String!, $name: String) {
    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id name kind } }
  }
`);
const RevokeDocument = graphql(`
  mutation RevokeManagedApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }
`);

type ApiKey = ManagedApiKeysQuery['apiKeys'][number];

export function ApiKeysPage({ orgId }: { orgId: string }) {
  const keys = useQuery(KeysDocument, { organizationId: orgId });
  const create = useMutation(CreateDocument);
  const revoke = useMutation(RevokeDocument);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'live' | 'test'>('live');
  const [created, setCreated] = useState<{ key: string; name: string; kind: string }>();
  const [revoking, setRevoking] = useState<ApiKey>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create.run({ organizationId: orgId, kind, name: name || null });
    if (!result) return;
    setCreated({ key: result.createApiKey.key, name: result.createApiKey.apiKey.name, kind: result.createApiKey.apiKey.kind });
    setName('');
    await keys.reload();
  };
  const confirmRevoke = async () => {
    if (revoking && (await revoke.run({ id: revoking.id }))) {
      setRevoking(undefined);
      await keys.reload();
    }
  };

  return (
    <>
      <SettingsNav orgId={orgId} current="keys" />
      <p className="lead">
        Servers call <code>POST /v1/notify</code> with <code>Authorization: Bearer &lt;key&gt;</code>. A live key broadcasts and records history; a test key sends the same request to one device
        only and records nothing.
      </p>
      {created && (
        <section className="card reveal" aria-labelledby="new-key-heading">
          <h2 id="new-key-heading">Your new {created.kind} key “{created.name}”</h2>
          <p className="warning" role="alert">
            Copy it now: this is the only time it is shown. Clarion keeps only a hash, so a lost key cannot be recovered, only revoked and replaced.
          </p>
          <div className="secret-row">
            <code className="secret" data-testid="new-api-key">{created.key}</code>
            <CopyButton value={created.key} />
          </div>
          <button type="button" className="link" onClick={() => setCreated(undefined)}>
            I have stored it, hide it
          </button>
        </section>
      )}
      <section className="card" aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <form className="inline-form" onSubmit={submit} noValidate>
          <Field label="Name" placeholder="e.g. Production server" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={fieldError(create.error, 'name')} />
          <fieldset className="field">
            <legend>Kind</legend>
            <label className="choice">
              <input type="radio" name="kind" checked={kind === 'live'} onChange={() => setKind('live')} /> Live
            </label>
            <label className="choice">
              <input type="radio" name="kind" checked={kind === 'test'} onChange={() => setKind('test')} /> Test
            </label>
          </fieldset>
          <button type="submit" disabled={create.pending}>
            {create.pending ? 'Creating…' : 'Create key'}
          </button>
          <ErrorNote error={create.error} fields={['name']} />
        </form>
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Keys</h2>
        {keys.error && <ErrorNote error={keys.error} />}
        {!keys.data && !keys.error && <Loading what="Loading keys" />}
        {keys.data && keys.data.apiKeys.length === 0 && <Empty title="No keys yet.">Create one above to call the API.</Empty>}
        {keys.data && keys.data.apiKeys.length > 0 && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {keys.data.apiKeys.map((key) => (
                  <tr key={key.id} className={key.revokedAt ? 'revoked' : undefined}>
                    <td>{key.name}</td>
                    <td><span className={`badge ${key.kind}`}>{key.kind}</span></td>
                    <td><code>{key.displayPrefix}…</code></td>
                    <td><Time value={key.createdAt} /></td>
                    <td><Time value={key.lastUsedAt} /></td>
                    <td>
                      {key.revokedAt ? (
                        <span className="muted">Revoked <Time value={key.revokedAt} /></span>
                      ) : (
                        <button type="button" className="danger small" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ConfirmDialog open={!!revoking} title={`Revoke “${revoking?.name ?? ''}”?`} confirmLabel="Revoke key" danger pending={revoke.pending} onConfirm={confirmRevoke} onCancel={() => setRevoking(undefined)}>
        <p>
          Requests with <code>{revoking?.displayPrefix}…</code> are refused from now on. This cannot be undone.
        </p>
        <ErrorNote error={revoke.error} />
      </ConfirmDialog>
    </>
  );
}

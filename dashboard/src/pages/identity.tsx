// Settings → Identity verification: the organization's identity keys. With one, an app can subscribe with an
// externalId only by sending a token the organization's server signed, and a push to externalIds reaches only
// subscriptions proved that way. Generate a pair (private key shown once) or register your own public key.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { IdentityPrivateKey } from '../components/identity-private-key.tsx';
import { SettingsNav } from '../components/settings-nav.tsx';
import { ConfirmDialog, CopyButton, Empty, ErrorNote, fieldError, Loading, TextArea, Time } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';

const KeysDocument = graphql(`
  query OrganizationIdentityKeys($id: ID!) { managedOrganization(id: $id) { id slug viewerRole identityKeys { id algorithm publicKey createdAt } } }
`);
const CreateDocument = graphql(`
  mutation CreateManagedIdentityKey($organizationId: ID!, $publicKey: String) {
    createOrganizationIdentityKey(organizationId: $organizationId, publicKey: $publicKey) { privateKey key { id } }
  }
`);
const DeleteDocument = graphql(`
  mutation DeleteManagedIdentityKey($organizationId: ID!, $id: ID!) { deleteOrganizationIdentityKey(organizationId: $organizationId, id: $id) }
`);

const MANAGING_ROLES: readonly string[] = ['owner', 'admin'];

export function IdentityPage({ orgId }: { orgId: string }) {
  const query = useQuery(KeysDocument, { id: orgId });
  const create = useMutation(CreateDocument);
  const remove = useMutation(DeleteDocument);
  const [publicKey, setPublicKey] = useState('');
  const [shown, setShown] = useState<{ kid: string; privateKey: string }>();
  const [deleting, setDeleting] = useState<string>();
  const organization = query.data?.managedOrganization;
  const keys = organization?.identityKeys ?? [];
  const canManage = MANAGING_ROLES.includes(organization?.viewerRole ?? '');

  const add = async (own: string | null) => {
    const result = await create.run({ organizationId: orgId, publicKey: own });
    if (!result) return;
    const { key, privateKey } = result.createOrganizationIdentityKey;
    if (privateKey) setShown({ kid: key.id, privateKey });
    setPublicKey('');
    await query.reload();
  };
  const register = async (e: FormEvent) => {
    e.preventDefault();
    await add(publicKey.trim());
  };
  const confirmDelete = async () => {
    if (!deleting || !(await remove.run({ organizationId: orgId, id: deleting }))) return;
    if (shown?.kid === deleting) setShown(undefined);
    setDeleting(undefined);
    await query.reload();
  };

  return (
    <>
      <SettingsNav orgId={orgId} current="identity" />
      <p className="lead">
        Any phone can subscribe with any externalId, so a push to a user could reach a stranger who claimed their id. With an identity key, an
        externalId counts only when the app brings a token your server signed for that user: pushes to externalIds then reach only devices
        proved that way. Subscribing without an externalId is unchanged.
      </p>
      {shown && organization && <IdentityPrivateKey kid={shown.kid} slug={organization.slug} privateKey={shown.privateKey} onHide={() => setShown(undefined)} />}
      {query.error && <ErrorNote error={query.error} />}
      {!organization && !query.error && <Loading what="Loading identity keys" />}
      {organization && canManage && (
        <section className="card" aria-labelledby="add-identity-key-heading">
          <h2 id="add-identity-key-heading">Add a key</h2>
          <p>
            Generate a P-256 pair here (the private key is shown once, then only the public key is kept), or register the public half of a key your
            server already has. Keep two keys while you move your server from one to the other, then delete the old one.
          </p>
          <button type="button" disabled={create.pending} onClick={() => void add(null)}>
            {create.pending ? 'Working…' : 'Generate a key pair'}
          </button>
          <form onSubmit={register} noValidate>
            <TextArea
              label="Or register your own public key"
              hint="PEM (-----BEGIN PUBLIC KEY-----) or JWK, P-256 only. Never paste a private key here."
              rows={4}
              value={publicKey}
              onChange={(e) => setPublicKey(e.target.value)}
              error={fieldError(create.error, 'publicKey')}
            />
            <button type="submit" disabled={create.pending || !publicKey.trim()}>
              Register public key
            </button>
          </form>
          <ErrorNote error={create.error} fields={['publicKey']} />
        </section>
      )}
      {organization && (
        <section aria-labelledby="identity-keys-heading">
          <h2 id="identity-keys-heading">Keys</h2>
          {!canManage && <p className="muted">Only owners and admins can add or delete keys.</p>}
          {keys.length === 0 && <Empty title="No identity keys: externalIds are taken on trust.">{canManage ? 'Add a key above to verify them.' : null}</Empty>}
          {keys.map((key) => (
            <article className="card" key={key.id} aria-label={`Identity key ${key.id}`}>
              <p>
                <strong>kid</strong> <code data-testid="identity-kid">{key.id}</code> <CopyButton value={key.id} label="Copy kid" /> · {key.algorithm} · added <Time value={key.createdAt} />
              </p>
              <pre className="code-block"><code>{key.publicKey}</code></pre>
              {canManage && (
                <button type="button" className="danger" onClick={() => setDeleting(key.id)}>
                  Delete
                </button>
              )}
            </article>
          ))}
        </section>
      )}
      <ConfirmDialog open={deleting !== undefined} title="Delete this identity key?" confirmLabel="Delete key" danger pending={remove.pending} onConfirm={confirmDelete} onCancel={() => setDeleting(undefined)}>
        <p>
          Tokens signed with it are refused from now on, and pushes to externalIds no longer reach the devices it proved until they subscribe again
          with a token from another key.{keys.length === 1 ? ' It is the last key: externalIds will be taken on trust again.' : ''}
        </p>
        <ErrorNote error={remove.error} />
      </ConfirmDialog>
    </>
  );
}

// An organization's overview: subscribers, the invite code, and who manages it.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { OrgAvatar } from '../components/organization-form.tsx';
import { Link, navigate } from '../router.tsx';
import { useSession } from '../session.ts';
import { ConfirmDialog, CopyButton, ErrorNote, Field, fieldError, Loading, Select } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import type { OrganizationDetailsQuery, Role } from '../generated/graphql.ts';

const DetailsDocument = graphql(`
  query OrganizationDetails($id: ID!) {
    managedOrganization(id: $id) {
      id name slug description logoUrl brandColor isPublic inviteCode subscriberCount viewerRole
      members { userId email role createdAt }
    }
  }
`);
const RegenerateDocument = graphql(`
  mutation RegenerateManagedInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }
`);
const RemoveMemberDocument = graphql(`
  mutation RemoveManagedMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email } }
`);
const AddMemberDocument = graphql(`
  mutation AddManagedMember($organizationId: ID!, $email: String!, $role: Role!) { addMember(organizationId: $organizationId, email: $email, role: $role) { email } }
`);

type Organization = OrganizationDetailsQuery['managedOrganization'];

export function OrganizationPage({ orgId }: { orgId: string }) {
  const details = useQuery(DetailsDocument, { id: orgId });
  const organization = details.data?.managedOrganization;
  if (!organization) return details.error ? <ErrorNote error={details.error} /> : <Loading what="Loading the organization" />;
  return (
    <>
      <header className="page-head">
        <OrgAvatar name={organization.name} logoUrl={organization.logoUrl} brandColor={organization.brandColor} size={40} />
        <div>
          <h1>{organization.name}</h1>
          <p className="muted">
            {organization.isPublic ? 'Public' : 'Private'} · /{organization.slug} · you are {organization.viewerRole === 'owner' ? 'an owner' : 'an admin'} ·{' '}
            <Link to={`/orgs/${organization.id}/settings`}>Edit</Link>
          </p>
        </div>
      </header>
      <div className="stats">
        <div className="stat">
          <span className="stat-value" data-testid="subscriber-count">{organization.subscriberCount.toLocaleString('en')}</span>
          <span className="stat-label">subscribers</span>
        </div>
      </div>
      <InviteCode organization={organization} reload={details.reload} />
      <Members organization={organization} reload={details.reload} />
    </>
  );
}

function InviteCode({ organization, reload }: { organization: Organization; reload: () => Promise<void> }) {
  const regenerate = useMutation(RegenerateDocument);
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    if (await regenerate.run({ organizationId: organization.id })) {
      setConfirming(false);
      await reload();
    }
  };
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite code</h2>
      <p className="muted">The iOS app finds the organization by this code, {organization.isPublic ? 'as well as by search' : 'and by nothing else, since it is private'}.</p>
      <div className="secret-row">
        <code className="secret" data-testid="invite-code">{organization.inviteCode}</code>
        <CopyButton value={organization.inviteCode ?? ''} />
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          Regenerate
        </button>
      </div>
      <ErrorNote error={regenerate.error} />
      <ConfirmDialog open={confirming} title="Regenerate the invite code?" confirmLabel="Regenerate" danger pending={regenerate.pending} onConfirm={confirm} onCancel={() => setConfirming(false)}>
        <p>The current code stops working at once. People already subscribed stay subscribed; anyone you gave the old code to will need the new one.</p>
      </ConfirmDialog>
    </section>
  );
}

function Members({ organization, reload }: { organization: Organization; reload: () => Promise<void> }) {
  const { viewer, refresh } = useSession();
  const add = useMutation(AddMemberDocument);
  const remove = useMutation(RemoveMemberDocument);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('admin');
  const [removing, setRemoving] = useState<{ userId: string; email: string }>();
  const owner = organization.viewerRole === 'owner';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await add.run({ organizationId: organization.id, email, role })) {
      setEmail('');
      await reload();
    }
  };
  const confirmRemove = async () => {
    if (!removing || !(await remove.run({ organizationId: organization.id, userId: removing.userId }))) return;
    const left = removing.userId === viewer.id;
    setRemoving(undefined);
    if (left) {
      await refresh();
      navigate('/', { replace: true });
    } else {
      await reload();
    }
  };
  const leaving = removing?.userId === viewer.id;
  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <ul className="members">
        {organization.members?.map((member) => (
          <li key={member.userId}>
            <span>
              {member.email} <span className="badge">{member.role}</span>
            </span>
            {(owner || member.userId === viewer.id) && (
              <button type="button" className="secondary small" onClick={() => setRemoving(member)} aria-label={member.userId === viewer.id ? 'Leave the organization' : `Remove ${member.email}`}>
                {member.userId === viewer.id ? 'Leave' : 'Remove'}
              </button>
            )}
          </li>
        ))}
      </ul>
      {owner ? (
        <form className="inline-form" onSubmit={submit} noValidate>
          <Field label="Add a member by e-mail" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} hint="They need a Clarion account already." error={fieldError(add.error, 'email')} />
          <Select label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="admin">Admin: keys, settings and sending</option>
            <option value="owner">Owner: also adds and removes members</option>
          </Select>
          <button type="submit" disabled={add.pending || !email}>
            {add.pending ? 'Adding…' : 'Add member'}
          </button>
          <ErrorNote error={add.error} fields={['email']} />
        </form>
      ) : (
        <p className="muted">Only owners add and remove members.</p>
      )}
      <ConfirmDialog
        open={!!removing}
        title={leaving ? `Leave ${organization.name}?` : `Remove ${removing?.email ?? ''}?`}
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        danger
        pending={remove.pending}
        onConfirm={confirmRemove}
        onCancel={() => {
          setRemoving(undefined);
          remove.clearError();
        }}
      >
        <p>{leaving ? 'You lose access to its keys, settings and history at once. An owner can add you again.' : 'They lose access at once. You can add them again later.'}</p>
        <ErrorNote error={remove.error} fields={[]} />
      </ConfirmDialog>
    </section>
  );
}

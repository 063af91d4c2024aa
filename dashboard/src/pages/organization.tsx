// An organization's overview: subscribers (in all, and devices per platform), the last 30 days in numbers and charts
// (../components/insights.tsx), its topics, the invite code, and who manages it (../components/members.tsx).
import { useState } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { Insights } from '../components/insights.tsx';
import { OrgAvatar } from '../components/organization-form.tsx';
import { Members } from '../components/members.tsx';
import { TopicList } from '../components/topic-list.tsx';
import { Link } from '../router.tsx';
import { ConfirmDialog, CopyButton, ErrorNote, Loading } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import type { OrganizationDetailsQuery } from '../generated/graphql.ts';
import { PLATFORMS } from '../platforms.ts';

const DetailsDocument = graphql(`
  query OrganizationDetails($id: ID!) {
    managedOrganization(id: $id) {
      id name slug description logoUrl brandColor isPublic inviteCode subscriberCount viewerRole
      subscribersByPlatform { ios android web }
      members { userId email role createdAt }
      invitations { id email role createdAt expiresAt invitedByEmail }
    }
  }
`);
const RegenerateDocument = graphql(`
  mutation RegenerateManagedInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }
`);

export type Organization = OrganizationDetailsQuery['managedOrganization'];

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
      <Subscribers organization={organization} />
      <Insights orgId={organization.id} />
      <TopicList orgId={organization.id} />
      <InviteCode organization={organization} reload={details.reload} />
      <Members organization={organization} reload={details.reload} />
    </>
  );
}

/**
 * The total counts subscriptions; the platforms count the subscribed devices that can still receive (a device
 * its push service called dead is left out), so they need not add up to it.
 */
function Subscribers({ organization }: { organization: NonNullable<Organization> }) {
  const byPlatform = organization.subscribersByPlatform;
  return (
    <section className="stats" aria-label="Subscribers">
      <div className="stat">
        <span className="stat-value" data-testid="subscriber-count">{organization.subscriberCount.toLocaleString('en')}</span>
        <span className="stat-label">subscribers</span>
      </div>
      {byPlatform && (
        <ul className="platform-stats" aria-label="Devices that can receive, by platform">
          {PLATFORMS.map(({ key, label }) => (
            <li className="stat" key={key}>
              <span className="stat-value" data-testid={`subscribers-${key}`}>{byPlatform[key].toLocaleString('en')}</span>
              <span className="stat-label">{label} devices</span>
            </li>
          ))}
        </ul>
      )}
    </section>
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
      <p className="muted">Apps (iOS, Android, web) find the organization by this code, {organization.isPublic ? 'as well as by search' : 'and by nothing else, since it is private'}.</p>
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

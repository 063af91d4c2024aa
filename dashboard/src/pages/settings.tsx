// Settings → General: name, slug, description, logo, brand colour, visibility and invite-only subscribing, with a live preview;
// above them, a warning while a push service (APNs, FCM, Web Push) refuses this organization's broadcasts because of a server setting.
import { useState } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { ConfigurationWarning } from '../components/configuration-warning.tsx';
import { OrganizationForm, type OrganizationFields } from '../components/organization-form.tsx';
import { SettingsNav } from '../components/settings-nav.tsx';
import { ErrorNote, Loading } from '../components/ui.tsx';
import { graphql } from '../generated/gql.ts';
import { useSession } from '../session.ts';

const SettingsDocument = graphql(`
  query OrganizationSettings($id: ID!) {
    managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic subscribeRequiresInviteCode lastConfigurationError { notificationId message at } }
  }
`);
const UpdateDocument = graphql(`
  mutation UpdateManagedOrganization($id: ID!, $name: String, $slug: String, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean, $subscribeRequiresInviteCode: Boolean) {
    updateOrganization(id: $id, name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic, subscribeRequiresInviteCode: $subscribeRequiresInviteCode) { id }
  }
`);

export function SettingsPage({ orgId }: { orgId: string }) {
  const { refresh } = useSession();
  const settings = useQuery(SettingsDocument, { id: orgId });
  const update = useMutation(UpdateDocument);
  const [saved, setSaved] = useState(false);
  const organization = settings.data?.managedOrganization;
  const initial: OrganizationFields | undefined = organization && {
    name: organization.name,
    slug: organization.slug,
    description: organization.description,
    logoUrl: organization.logoUrl ?? '',
    brandColor: organization.brandColor ?? '',
    isPublic: organization.isPublic,
    subscribeRequiresInviteCode: organization.subscribeRequiresInviteCode ?? false,
  };

  const submit = async (fields: OrganizationFields) => {
    setSaved(false);
    // Only the fields this member changed: another member's save of other fields in the meantime stays.
    const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => initial?.[key as keyof OrganizationFields] !== value));
    if (await update.run({ id: orgId, ...changed })) {
      setSaved(true);
      await Promise.all([settings.reload(), refresh()]);
    }
  };

  return (
    <>
      <SettingsNav orgId={orgId} current="general" />
      {settings.error && <ErrorNote error={settings.error} />}
      {!organization && !settings.error && <Loading what="Loading the settings" />}
      {organization && <ConfigurationWarning orgId={orgId} error={organization.lastConfigurationError} />}
      {initial && (
        <section className="card" aria-label="General settings">
          <OrganizationForm
            // A saved change comes back from the server as the form's new starting point.
            key={JSON.stringify(initial)}
            initial={initial}
            submitLabel="Save changes"
            pending={update.pending}
            error={update.error}
            onSubmit={submit}
          />
          {saved && (
            <p className="success" role="status">
              Saved.
            </p>
          )}
        </section>
      )}
    </>
  );
}

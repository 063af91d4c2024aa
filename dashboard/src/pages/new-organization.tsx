import { useMutation } from '../api.ts';
import { OrganizationForm, type OrganizationFields } from '../components/organization-form.tsx';
import { graphql } from '../generated/gql.ts';
import { navigate } from '../router.tsx';
import { useSession } from '../session.ts';

const CreateDocument = graphql(`
  mutation CreateManagedOrganization($name: String!, $slug: String!, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean) {
    createOrganization(name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic) { id }
  }
`);

export function NewOrganizationPage() {
  const { refresh } = useSession();
  const create = useMutation(CreateDocument);
  const submit = async (fields: OrganizationFields) => {
    const created = await create.run({ ...fields, logoUrl: fields.logoUrl || null, brandColor: fields.brandColor || null });
    if (!created) return;
    await refresh();
    navigate(`/orgs/${created.createOrganization.id}`);
  };
  return (
    <section>
      <h1>New organization</h1>
      <p className="lead">People subscribe to an organization from an iOS or Android app or a website; you broadcast to them from here or with an API key. You become its owner.</p>
      <OrganizationForm
        initial={{ name: '', slug: '', description: '', logoUrl: '', brandColor: '', isPublic: true }}
        submitLabel="Create organization"
        pending={create.pending}
        error={create.error}
        autoSlug
        onSubmit={submit}
      />
    </section>
  );
}

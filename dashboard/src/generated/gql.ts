/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Viewer {\n    me { id email memberships { role organization { id name slug brandColor logoUrl } } }\n  }\n": typeof types.ViewerDocument,
    "\n  fragment BroadcastPlatforms on Broadcast {\n    byPlatform {\n      ios { sent failed }\n      android { sent failed }\n      web { sent failed }\n    }\n  }\n": typeof types.BroadcastPlatformsFragmentDoc,
    "\n  fragment BroadcastSummary on Broadcast {\n    id status test target externalIds topics languages title body recipients sent failed opened failures createdAt sendAt finishedAt\n    error { code message }\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n": typeof types.BroadcastSummaryFragmentDoc,
    "\n  mutation CancelBroadcast($organizationId: ID!, $id: ID!) { cancelOrganizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary } }\n": typeof types.CancelBroadcastDocument,
    "\n  query StoppedBroadcast($organizationId: ID!, $id: ID!) {\n    organizationNotification(organizationId: $organizationId, id: $id) { id status error { code } }\n  }\n": typeof types.StoppedBroadcastDocument,
    "\n  query OrganizationInsights($organizationId: ID!, $days: Int) {\n    organizationInsights(organizationId: $organizationId, days: $days) { days { date subscribers broadcasts sent failed failures opened } }\n  }\n": typeof types.OrganizationInsightsDocument,
    "\n  mutation RemoveManagedMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email } }\n": typeof types.RemoveManagedMemberDocument,
    "\n  mutation SetManagedMemberRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email } }\n": typeof types.SetManagedMemberRoleDocument,
    "\n  mutation InviteManagedMember($organizationId: ID!, $email: String!, $role: Role!) {\n    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email url expiresAt emailSent }\n  }\n": typeof types.InviteManagedMemberDocument,
    "\n  mutation RevokeManagedInvitation($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }\n": typeof types.RevokeManagedInvitationDocument,
    "\n  query ViewerSessions { me { id sessions { id createdAt lastSeenAt userAgent current } } }\n": typeof types.ViewerSessionsDocument,
    "\n  mutation EndViewerSession($id: ID!) { endSession(id: $id) }\n": typeof types.EndViewerSessionDocument,
    "\n  fragment WebhookSummary on Webhook {\n    id url events createdAt disabledAt disabledReason\n    deliveries { ...WebhookDeliverySummary }\n  }\n": typeof types.WebhookSummaryFragmentDoc,
    "\n  mutation SendManagedWebhookTest($organizationId: ID!, $id: ID!) { sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id } }\n": typeof types.SendManagedWebhookTestDocument,
    "\n  mutation EnableManagedWebhook($organizationId: ID!, $id: ID!) { enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt } }\n": typeof types.EnableManagedWebhookDocument,
    "\n  fragment WebhookDeliverySummary on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }\n": typeof types.WebhookDeliverySummaryFragmentDoc,
    "\n  mutation CreateManagedWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {\n    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url } }\n  }\n": typeof types.CreateManagedWebhookDocument,
    "\n  mutation LogOutViewer { logOut }\n": typeof types.LogOutViewerDocument,
    "\n  mutation ChangeViewerPassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { id } }\n": typeof types.ChangeViewerPasswordDocument,
    "\n  query ManagedApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix createdAt lastUsedAt revokedAt } }\n": typeof types.ManagedApiKeysDocument,
    "\n  mutation CreateManagedApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id name kind } }\n  }\n": typeof types.CreateManagedApiKeyDocument,
    "\n  mutation RevokeManagedApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n": typeof types.RevokeManagedApiKeyDocument,
    "\n  mutation LogInViewer($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }\n": typeof types.LogInViewerDocument,
    "\n  mutation SignUpViewer($email: String!, $password: String!) { signUp(email: $email, password: $password) { id } }\n": typeof types.SignUpViewerDocument,
    "\n  query ComposerOrganization($id: ID!) { managedOrganization(id: $id) { id name logoUrl brandColor subscriberCount } }\n": typeof types.ComposerOrganizationDocument,
    "\n  query ComposerAudience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }\n": typeof types.ComposerAudienceDocument,
    "\n  mutation ComposerSend($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed failures }\n  }\n": typeof types.ComposerSendDocument,
    "\n  query OrganizationIdentityKeys($id: ID!) { managedOrganization(id: $id) { id slug viewerRole identityKeys { id algorithm publicKey createdAt } } }\n": typeof types.OrganizationIdentityKeysDocument,
    "\n  mutation CreateManagedIdentityKey($organizationId: ID!, $publicKey: String) {\n    createOrganizationIdentityKey(organizationId: $organizationId, publicKey: $publicKey) { privateKey key { id } }\n  }\n": typeof types.CreateManagedIdentityKeyDocument,
    "\n  mutation DeleteManagedIdentityKey($organizationId: ID!, $id: ID!) { deleteOrganizationIdentityKey(organizationId: $organizationId, id: $id) }\n": typeof types.DeleteManagedIdentityKeyDocument,
    "\n  query InvitationPreview($token: String!) { invitation(token: $token) { organizationName email role expiresAt status } }\n": typeof types.InvitationPreviewDocument,
    "\n  mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { id } }\n": typeof types.AcceptInvitationDocument,
    "\n  mutation CreateManagedOrganization($name: String!, $slug: String!, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean) {\n    createOrganization(name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic) { id }\n  }\n": typeof types.CreateManagedOrganizationDocument,
    "\n  query NotificationDetail($organizationId: ID!, $id: ID!) {\n    organizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary ...BroadcastPlatforms }\n  }\n": typeof types.NotificationDetailDocument,
    "\n  query NotificationHistory($organizationId: ID!, $cursor: String, $limit: Int) {\n    organizationNotifications(organizationId: $organizationId, cursor: $cursor, limit: $limit) { notifications { ...BroadcastSummary } nextCursor }\n  }\n": typeof types.NotificationHistoryDocument,
    "\n  query OrganizationDetails($id: ID!) {\n    managedOrganization(id: $id) {\n      id name slug description logoUrl brandColor isPublic inviteCode subscriberCount viewerRole\n      subscribersByPlatform { ios android web }\n      members { userId email role createdAt }\n      invitations { id email role createdAt expiresAt invitedByEmail }\n    }\n  }\n": typeof types.OrganizationDetailsDocument,
    "\n  mutation RegenerateManagedInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n": typeof types.RegenerateManagedInviteCodeDocument,
    "\n  query OrganizationSettings($id: ID!) {\n    managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic subscribeRequiresInviteCode lastConfigurationError { notificationId message at } }\n  }\n": typeof types.OrganizationSettingsDocument,
    "\n  mutation UpdateManagedOrganization($id: ID!, $name: String, $slug: String, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean, $subscribeRequiresInviteCode: Boolean) {\n    updateOrganization(id: $id, name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic, subscribeRequiresInviteCode: $subscribeRequiresInviteCode) { id }\n  }\n": typeof types.UpdateManagedOrganizationDocument,
    "\n  query OrganizationWebhooks($id: ID!) { managedOrganization(id: $id) { id viewerRole webhooks { ...WebhookSummary } } }\n": typeof types.OrganizationWebhooksDocument,
    "\n  mutation DeleteManagedWebhook($organizationId: ID!, $id: ID!) { deleteOrganizationWebhook(organizationId: $organizationId, id: $id) }\n": typeof types.DeleteManagedWebhookDocument,
    "\n  mutation RotateManagedWebhookSecret($organizationId: ID!, $id: ID!) {\n    rotateOrganizationWebhookSecret(organizationId: $organizationId, id: $id) { secret webhook { id url } }\n  }\n": typeof types.RotateManagedWebhookSecretDocument,
    "\n  query OrganizationTopics($organizationId: ID!) { organizationTopics(organizationId: $organizationId) { topic subscribers } }\n": typeof types.OrganizationTopicsDocument,
};
const documents: Documents = {
    "\n  query Viewer {\n    me { id email memberships { role organization { id name slug brandColor logoUrl } } }\n  }\n": types.ViewerDocument,
    "\n  fragment BroadcastPlatforms on Broadcast {\n    byPlatform {\n      ios { sent failed }\n      android { sent failed }\n      web { sent failed }\n    }\n  }\n": types.BroadcastPlatformsFragmentDoc,
    "\n  fragment BroadcastSummary on Broadcast {\n    id status test target externalIds topics languages title body recipients sent failed opened failures createdAt sendAt finishedAt\n    error { code message }\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n": types.BroadcastSummaryFragmentDoc,
    "\n  mutation CancelBroadcast($organizationId: ID!, $id: ID!) { cancelOrganizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary } }\n": types.CancelBroadcastDocument,
    "\n  query StoppedBroadcast($organizationId: ID!, $id: ID!) {\n    organizationNotification(organizationId: $organizationId, id: $id) { id status error { code } }\n  }\n": types.StoppedBroadcastDocument,
    "\n  query OrganizationInsights($organizationId: ID!, $days: Int) {\n    organizationInsights(organizationId: $organizationId, days: $days) { days { date subscribers broadcasts sent failed failures opened } }\n  }\n": types.OrganizationInsightsDocument,
    "\n  mutation RemoveManagedMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email } }\n": types.RemoveManagedMemberDocument,
    "\n  mutation SetManagedMemberRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email } }\n": types.SetManagedMemberRoleDocument,
    "\n  mutation InviteManagedMember($organizationId: ID!, $email: String!, $role: Role!) {\n    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email url expiresAt emailSent }\n  }\n": types.InviteManagedMemberDocument,
    "\n  mutation RevokeManagedInvitation($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }\n": types.RevokeManagedInvitationDocument,
    "\n  query ViewerSessions { me { id sessions { id createdAt lastSeenAt userAgent current } } }\n": types.ViewerSessionsDocument,
    "\n  mutation EndViewerSession($id: ID!) { endSession(id: $id) }\n": types.EndViewerSessionDocument,
    "\n  fragment WebhookSummary on Webhook {\n    id url events createdAt disabledAt disabledReason\n    deliveries { ...WebhookDeliverySummary }\n  }\n": types.WebhookSummaryFragmentDoc,
    "\n  mutation SendManagedWebhookTest($organizationId: ID!, $id: ID!) { sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id } }\n": types.SendManagedWebhookTestDocument,
    "\n  mutation EnableManagedWebhook($organizationId: ID!, $id: ID!) { enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt } }\n": types.EnableManagedWebhookDocument,
    "\n  fragment WebhookDeliverySummary on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }\n": types.WebhookDeliverySummaryFragmentDoc,
    "\n  mutation CreateManagedWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {\n    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url } }\n  }\n": types.CreateManagedWebhookDocument,
    "\n  mutation LogOutViewer { logOut }\n": types.LogOutViewerDocument,
    "\n  mutation ChangeViewerPassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { id } }\n": types.ChangeViewerPasswordDocument,
    "\n  query ManagedApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix createdAt lastUsedAt revokedAt } }\n": types.ManagedApiKeysDocument,
    "\n  mutation CreateManagedApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id name kind } }\n  }\n": types.CreateManagedApiKeyDocument,
    "\n  mutation RevokeManagedApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n": types.RevokeManagedApiKeyDocument,
    "\n  mutation LogInViewer($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }\n": types.LogInViewerDocument,
    "\n  mutation SignUpViewer($email: String!, $password: String!) { signUp(email: $email, password: $password) { id } }\n": types.SignUpViewerDocument,
    "\n  query ComposerOrganization($id: ID!) { managedOrganization(id: $id) { id name logoUrl brandColor subscriberCount } }\n": types.ComposerOrganizationDocument,
    "\n  query ComposerAudience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }\n": types.ComposerAudienceDocument,
    "\n  mutation ComposerSend($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed failures }\n  }\n": types.ComposerSendDocument,
    "\n  query OrganizationIdentityKeys($id: ID!) { managedOrganization(id: $id) { id slug viewerRole identityKeys { id algorithm publicKey createdAt } } }\n": types.OrganizationIdentityKeysDocument,
    "\n  mutation CreateManagedIdentityKey($organizationId: ID!, $publicKey: String) {\n    createOrganizationIdentityKey(organizationId: $organizationId, publicKey: $publicKey) { privateKey key { id } }\n  }\n": types.CreateManagedIdentityKeyDocument,
    "\n  mutation DeleteManagedIdentityKey($organizationId: ID!, $id: ID!) { deleteOrganizationIdentityKey(organizationId: $organizationId, id: $id) }\n": types.DeleteManagedIdentityKeyDocument,
    "\n  query InvitationPreview($token: String!) { invitation(token: $token) { organizationName email role expiresAt status } }\n": types.InvitationPreviewDocument,
    "\n  mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { id } }\n": types.AcceptInvitationDocument,
    "\n  mutation CreateManagedOrganization($name: String!, $slug: String!, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean) {\n    createOrganization(name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic) { id }\n  }\n": types.CreateManagedOrganizationDocument,
    "\n  query NotificationDetail($organizationId: ID!, $id: ID!) {\n    organizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary ...BroadcastPlatforms }\n  }\n": types.NotificationDetailDocument,
    "\n  query NotificationHistory($organizationId: ID!, $cursor: String, $limit: Int) {\n    organizationNotifications(organizationId: $organizationId, cursor: $cursor, limit: $limit) { notifications { ...BroadcastSummary } nextCursor }\n  }\n": types.NotificationHistoryDocument,
    "\n  query OrganizationDetails($id: ID!) {\n    managedOrganization(id: $id) {\n      id name slug description logoUrl brandColor isPublic inviteCode subscriberCount viewerRole\n      subscribersByPlatform { ios android web }\n      members { userId email role createdAt }\n      invitations { id email role createdAt expiresAt invitedByEmail }\n    }\n  }\n": types.OrganizationDetailsDocument,
    "\n  mutation RegenerateManagedInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n": types.RegenerateManagedInviteCodeDocument,
    "\n  query OrganizationSettings($id: ID!) {\n    managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic subscribeRequiresInviteCode lastConfigurationError { notificationId message at } }\n  }\n": types.OrganizationSettingsDocument,
    "\n  mutation UpdateManagedOrganization($id: ID!, $name: String, $slug: String, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean, $subscribeRequiresInviteCode: Boolean) {\n    updateOrganization(id: $id, name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic, subscribeRequiresInviteCode: $subscribeRequiresInviteCode) { id }\n  }\n": types.UpdateManagedOrganizationDocument,
    "\n  query OrganizationWebhooks($id: ID!) { managedOrganization(id: $id) { id viewerRole webhooks { ...WebhookSummary } } }\n": types.OrganizationWebhooksDocument,
    "\n  mutation DeleteManagedWebhook($organizationId: ID!, $id: ID!) { deleteOrganizationWebhook(organizationId: $organizationId, id: $id) }\n": types.DeleteManagedWebhookDocument,
    "\n  mutation RotateManagedWebhookSecret($organizationId: ID!, $id: ID!) {\n    rotateOrganizationWebhookSecret(organizationId: $organizationId, id: $id) { secret webhook { id url } }\n  }\n": types.RotateManagedWebhookSecretDocument,
    "\n  query OrganizationTopics($organizationId: ID!) { organizationTopics(organizationId: $organizationId) { topic subscribers } }\n": types.OrganizationTopicsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    me { id email memberships { role organization { id name slug brandColor logoUrl } } }\n  }\n"): typeof import('./graphql').ViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BroadcastPlatforms on Broadcast {\n    byPlatform {\n      ios { sent failed }\n      android { sent failed }\n      web { sent failed }\n    }\n  }\n"): typeof import('./graphql').BroadcastPlatformsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BroadcastSummary on Broadcast {\n    id status test target externalIds topics languages title body recipients sent failed opened failures createdAt sendAt finishedAt\n    error { code message }\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n"): typeof import('./graphql').BroadcastSummaryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelBroadcast($organizationId: ID!, $id: ID!) { cancelOrganizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary } }\n"): typeof import('./graphql').CancelBroadcastDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StoppedBroadcast($organizationId: ID!, $id: ID!) {\n    organizationNotification(organizationId: $organizationId, id: $id) { id status error { code } }\n  }\n"): typeof import('./graphql').StoppedBroadcastDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationInsights($organizationId: ID!, $days: Int) {\n    organizationInsights(organizationId: $organizationId, days: $days) { days { date subscribers broadcasts sent failed failures opened } }\n  }\n"): typeof import('./graphql').OrganizationInsightsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveManagedMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email } }\n"): typeof import('./graphql').RemoveManagedMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetManagedMemberRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email } }\n"): typeof import('./graphql').SetManagedMemberRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteManagedMember($organizationId: ID!, $email: String!, $role: Role!) {\n    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email url expiresAt emailSent }\n  }\n"): typeof import('./graphql').InviteManagedMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeManagedInvitation($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }\n"): typeof import('./graphql').RevokeManagedInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerSessions { me { id sessions { id createdAt lastSeenAt userAgent current } } }\n"): typeof import('./graphql').ViewerSessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndViewerSession($id: ID!) { endSession(id: $id) }\n"): typeof import('./graphql').EndViewerSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookSummary on Webhook {\n    id url events createdAt disabledAt disabledReason\n    deliveries { ...WebhookDeliverySummary }\n  }\n"): typeof import('./graphql').WebhookSummaryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendManagedWebhookTest($organizationId: ID!, $id: ID!) { sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id } }\n"): typeof import('./graphql').SendManagedWebhookTestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableManagedWebhook($organizationId: ID!, $id: ID!) { enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt } }\n"): typeof import('./graphql').EnableManagedWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliverySummary on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }\n"): typeof import('./graphql').WebhookDeliverySummaryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateManagedWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {\n    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url } }\n  }\n"): typeof import('./graphql').CreateManagedWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogOutViewer { logOut }\n"): typeof import('./graphql').LogOutViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeViewerPassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { id } }\n"): typeof import('./graphql').ChangeViewerPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagedApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix createdAt lastUsedAt revokedAt } }\n"): typeof import('./graphql').ManagedApiKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateManagedApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id name kind } }\n  }\n"): typeof import('./graphql').CreateManagedApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeManagedApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n"): typeof import('./graphql').RevokeManagedApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogInViewer($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }\n"): typeof import('./graphql').LogInViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUpViewer($email: String!, $password: String!) { signUp(email: $email, password: $password) { id } }\n"): typeof import('./graphql').SignUpViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ComposerOrganization($id: ID!) { managedOrganization(id: $id) { id name logoUrl brandColor subscriberCount } }\n"): typeof import('./graphql').ComposerOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ComposerAudience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }\n"): typeof import('./graphql').ComposerAudienceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ComposerSend($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed failures }\n  }\n"): typeof import('./graphql').ComposerSendDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationIdentityKeys($id: ID!) { managedOrganization(id: $id) { id slug viewerRole identityKeys { id algorithm publicKey createdAt } } }\n"): typeof import('./graphql').OrganizationIdentityKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateManagedIdentityKey($organizationId: ID!, $publicKey: String) {\n    createOrganizationIdentityKey(organizationId: $organizationId, publicKey: $publicKey) { privateKey key { id } }\n  }\n"): typeof import('./graphql').CreateManagedIdentityKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteManagedIdentityKey($organizationId: ID!, $id: ID!) { deleteOrganizationIdentityKey(organizationId: $organizationId, id: $id) }\n"): typeof import('./graphql').DeleteManagedIdentityKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitationPreview($token: String!) { invitation(token: $token) { organizationName email role expiresAt status } }\n"): typeof import('./graphql').InvitationPreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { id } }\n"): typeof import('./graphql').AcceptInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateManagedOrganization($name: String!, $slug: String!, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean) {\n    createOrganization(name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic) { id }\n  }\n"): typeof import('./graphql').CreateManagedOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationDetail($organizationId: ID!, $id: ID!) {\n    organizationNotification(organizationId: $organizationId, id: $id) { ...BroadcastSummary ...BroadcastPlatforms }\n  }\n"): typeof import('./graphql').NotificationDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationHistory($organizationId: ID!, $cursor: String, $limit: Int) {\n    organizationNotifications(organizationId: $organizationId, cursor: $cursor, limit: $limit) { notifications { ...BroadcastSummary } nextCursor }\n  }\n"): typeof import('./graphql').NotificationHistoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationDetails($id: ID!) {\n    managedOrganization(id: $id) {\n      id name slug description logoUrl brandColor isPublic inviteCode subscriberCount viewerRole\n      subscribersByPlatform { ios android web }\n      members { userId email role createdAt }\n      invitations { id email role createdAt expiresAt invitedByEmail }\n    }\n  }\n"): typeof import('./graphql').OrganizationDetailsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegenerateManagedInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n"): typeof import('./graphql').RegenerateManagedInviteCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationSettings($id: ID!) {\n    managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic subscribeRequiresInviteCode lastConfigurationError { notificationId message at } }\n  }\n"): typeof import('./graphql').OrganizationSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateManagedOrganization($id: ID!, $name: String, $slug: String, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean, $subscribeRequiresInviteCode: Boolean) {\n    updateOrganization(id: $id, name: $name, slug: $slug, description: $description, logoUrl: $logoUrl, brandColor: $brandColor, isPublic: $isPublic, subscribeRequiresInviteCode: $subscribeRequiresInviteCode) { id }\n  }\n"): typeof import('./graphql').UpdateManagedOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationWebhooks($id: ID!) { managedOrganization(id: $id) { id viewerRole webhooks { ...WebhookSummary } } }\n"): typeof import('./graphql').OrganizationWebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteManagedWebhook($organizationId: ID!, $id: ID!) { deleteOrganizationWebhook(organizationId: $organizationId, id: $id) }\n"): typeof import('./graphql').DeleteManagedWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateManagedWebhookSecret($organizationId: ID!, $id: ID!) {\n    rotateOrganizationWebhookSecret(organizationId: $organizationId, id: $id) { secret webhook { id url } }\n  }\n"): typeof import('./graphql').RotateManagedWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationTopics($organizationId: ID!) { organizationTopics(organizationId: $organizationId) { topic subscribers } }\n"): typeof import('./graphql').OrganizationTopicsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

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
    "\n  mutation RegisterDevice($apnsToken: String!, $platform: String!) {\n    registerDevice(apnsToken: $apnsToken, platform: $platform) { deviceUuid created }\n  }\n": typeof types.RegisterDeviceDocument,
    "\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId) { orgSlug externalId createdAt updatedAt created }\n  }\n": typeof types.SubscribeDeviceDocument,
    "\n  mutation UnsubscribeDevice($deviceUuid: ID!, $orgSlug: String!) {\n    unsubscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug)\n  }\n": typeof types.UnsubscribeDeviceDocument,
    "\n  query SearchOrganizations($search: String, $limit: Int, $cursor: String) {\n    organizations(search: $search, limit: $limit, cursor: $cursor) {\n      organizations { ...PublicOrganization }\n      nextCursor\n    }\n  }\n": typeof types.SearchOrganizationsDocument,
    "\n  fragment PublicOrganization on Organization { id name slug logoUrl brandColor description subscriberCount }\n": typeof types.PublicOrganizationFragmentDoc,
    "\n  query OrganizationBySlug($slug: String!) {\n    organization(slug: $slug) { ...PublicOrganization }\n  }\n": typeof types.OrganizationBySlugDocument,
    "\n  query OrganizationByInviteCode($inviteCode: String!) {\n    organizationByInviteCode(inviteCode: $inviteCode) { ...PublicOrganization }\n  }\n": typeof types.OrganizationByInviteCodeDocument,
    "\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds body title recipients sent failed failures createdAt finishedAt\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n": typeof types.BroadcastFieldsFragmentDoc,
    "\n  mutation Notify($input: JSON!, $idempotencyKey: String) {\n    notify(input: $input, idempotencyKey: $idempotencyKey) { ...BroadcastFields }\n  }\n": typeof types.NotifyDocument,
    "\n  query ListNotifications($limit: Int, $cursor: String) {\n    notifications(limit: $limit, cursor: $cursor) { notifications { ...BroadcastFields } nextCursor }\n  }\n": typeof types.ListNotificationsDocument,
    "\n  query NotificationById($id: ID!) {\n    notification(id: $id) { ...BroadcastFields }\n  }\n": typeof types.NotificationByIdDocument,
    "\n  mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email } }\n": typeof types.SignUpDocument,
    "\n  mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id email } }\n": typeof types.LogInDocument,
    "\n  mutation LogOut { logOut }\n": typeof types.LogOutDocument,
    "\n  query Me { me { email memberships { role organization { id slug } } } }\n": typeof types.MeDocument,
    "\n  mutation CreateOrganization($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n": typeof types.CreateOrganizationDocument,
    "\n  mutation CreateApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id kind name displayPrefix revokedAt } }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n": typeof types.RevokeApiKeyDocument,
    "\n  query ApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix lastUsedAt revokedAt } }\n": typeof types.ApiKeysDocument,
    "\n  query MutationNames { __schema { mutationType { fields { name } } } }\n": typeof types.MutationNamesDocument,
    "\n  query PublicOrganizationId($slug: String!) { organization(slug: $slug) { id } }\n": typeof types.PublicOrganizationIdDocument,
    "\n  query InvitedOrganization($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { id subscriberCount } }\n": typeof types.InvitedOrganizationDocument,
    "\n  mutation RegisterDeviceForTest($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid created } }\n": typeof types.RegisterDeviceForTestDocument,
    "\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n": typeof types.RegisterDeviceForRateLimitDocument,
};
const documents: Documents = {
    "\n  mutation RegisterDevice($apnsToken: String!, $platform: String!) {\n    registerDevice(apnsToken: $apnsToken, platform: $platform) { deviceUuid created }\n  }\n": types.RegisterDeviceDocument,
    "\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId) { orgSlug externalId createdAt updatedAt created }\n  }\n": types.SubscribeDeviceDocument,
    "\n  mutation UnsubscribeDevice($deviceUuid: ID!, $orgSlug: String!) {\n    unsubscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug)\n  }\n": types.UnsubscribeDeviceDocument,
    "\n  query SearchOrganizations($search: String, $limit: Int, $cursor: String) {\n    organizations(search: $search, limit: $limit, cursor: $cursor) {\n      organizations { ...PublicOrganization }\n      nextCursor\n    }\n  }\n": types.SearchOrganizationsDocument,
    "\n  fragment PublicOrganization on Organization { id name slug logoUrl brandColor description subscriberCount }\n": types.PublicOrganizationFragmentDoc,
    "\n  query OrganizationBySlug($slug: String!) {\n    organization(slug: $slug) { ...PublicOrganization }\n  }\n": types.OrganizationBySlugDocument,
    "\n  query OrganizationByInviteCode($inviteCode: String!) {\n    organizationByInviteCode(inviteCode: $inviteCode) { ...PublicOrganization }\n  }\n": types.OrganizationByInviteCodeDocument,
    "\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds body title recipients sent failed failures createdAt finishedAt\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n": types.BroadcastFieldsFragmentDoc,
    "\n  mutation Notify($input: JSON!, $idempotencyKey: String) {\n    notify(input: $input, idempotencyKey: $idempotencyKey) { ...BroadcastFields }\n  }\n": types.NotifyDocument,
    "\n  query ListNotifications($limit: Int, $cursor: String) {\n    notifications(limit: $limit, cursor: $cursor) { notifications { ...BroadcastFields } nextCursor }\n  }\n": types.ListNotificationsDocument,
    "\n  query NotificationById($id: ID!) {\n    notification(id: $id) { ...BroadcastFields }\n  }\n": types.NotificationByIdDocument,
    "\n  mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email } }\n": types.SignUpDocument,
    "\n  mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id email } }\n": types.LogInDocument,
    "\n  mutation LogOut { logOut }\n": types.LogOutDocument,
    "\n  query Me { me { email memberships { role organization { id slug } } } }\n": types.MeDocument,
    "\n  mutation CreateOrganization($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n": types.CreateOrganizationDocument,
    "\n  mutation CreateApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id kind name displayPrefix revokedAt } }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n": types.RevokeApiKeyDocument,
    "\n  query ApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix lastUsedAt revokedAt } }\n": types.ApiKeysDocument,
    "\n  query MutationNames { __schema { mutationType { fields { name } } } }\n": types.MutationNamesDocument,
    "\n  query PublicOrganizationId($slug: String!) { organization(slug: $slug) { id } }\n": types.PublicOrganizationIdDocument,
    "\n  query InvitedOrganization($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { id subscriberCount } }\n": types.InvitedOrganizationDocument,
    "\n  mutation RegisterDeviceForTest($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid created } }\n": types.RegisterDeviceForTestDocument,
    "\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n": types.RegisterDeviceForRateLimitDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterDevice($apnsToken: String!, $platform: String!) {\n    registerDevice(apnsToken: $apnsToken, platform: $platform) { deviceUuid created }\n  }\n"): (typeof documents)["\n  mutation RegisterDevice($apnsToken: String!, $platform: String!) {\n    registerDevice(apnsToken: $apnsToken, platform: $platform) { deviceUuid created }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId) { orgSlug externalId createdAt updatedAt created }\n  }\n"): (typeof documents)["\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId) { orgSlug externalId createdAt updatedAt created }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnsubscribeDevice($deviceUuid: ID!, $orgSlug: String!) {\n    unsubscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug)\n  }\n"): (typeof documents)["\n  mutation UnsubscribeDevice($deviceUuid: ID!, $orgSlug: String!) {\n    unsubscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchOrganizations($search: String, $limit: Int, $cursor: String) {\n    organizations(search: $search, limit: $limit, cursor: $cursor) {\n      organizations { ...PublicOrganization }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query SearchOrganizations($search: String, $limit: Int, $cursor: String) {\n    organizations(search: $search, limit: $limit, cursor: $cursor) {\n      organizations { ...PublicOrganization }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PublicOrganization on Organization { id name slug logoUrl brandColor description subscriberCount }\n"): (typeof documents)["\n  fragment PublicOrganization on Organization { id name slug logoUrl brandColor description subscriberCount }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationBySlug($slug: String!) {\n    organization(slug: $slug) { ...PublicOrganization }\n  }\n"): (typeof documents)["\n  query OrganizationBySlug($slug: String!) {\n    organization(slug: $slug) { ...PublicOrganization }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationByInviteCode($inviteCode: String!) {\n    organizationByInviteCode(inviteCode: $inviteCode) { ...PublicOrganization }\n  }\n"): (typeof documents)["\n  query OrganizationByInviteCode($inviteCode: String!) {\n    organizationByInviteCode(inviteCode: $inviteCode) { ...PublicOrganization }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds body title recipients sent failed failures createdAt finishedAt\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n"): (typeof documents)["\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds body title recipients sent failed failures createdAt finishedAt\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Notify($input: JSON!, $idempotencyKey: String) {\n    notify(input: $input, idempotencyKey: $idempotencyKey) { ...BroadcastFields }\n  }\n"): (typeof documents)["\n  mutation Notify($input: JSON!, $idempotencyKey: String) {\n    notify(input: $input, idempotencyKey: $idempotencyKey) { ...BroadcastFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListNotifications($limit: Int, $cursor: String) {\n    notifications(limit: $limit, cursor: $cursor) { notifications { ...BroadcastFields } nextCursor }\n  }\n"): (typeof documents)["\n  query ListNotifications($limit: Int, $cursor: String) {\n    notifications(limit: $limit, cursor: $cursor) { notifications { ...BroadcastFields } nextCursor }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationById($id: ID!) {\n    notification(id: $id) { ...BroadcastFields }\n  }\n"): (typeof documents)["\n  query NotificationById($id: ID!) {\n    notification(id: $id) { ...BroadcastFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email } }\n"): (typeof documents)["\n  mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id email } }\n"): (typeof documents)["\n  mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id email } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogOut { logOut }\n"): (typeof documents)["\n  mutation LogOut { logOut }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me { me { email memberships { role organization { id slug } } } }\n"): (typeof documents)["\n  query Me { me { email memberships { role organization { id slug } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrganization($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n"): (typeof documents)["\n  mutation CreateOrganization($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id kind name displayPrefix revokedAt } }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id kind name displayPrefix revokedAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix lastUsedAt revokedAt } }\n"): (typeof documents)["\n  query ApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix lastUsedAt revokedAt } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MutationNames { __schema { mutationType { fields { name } } } }\n"): (typeof documents)["\n  query MutationNames { __schema { mutationType { fields { name } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicOrganizationId($slug: String!) { organization(slug: $slug) { id } }\n"): (typeof documents)["\n  query PublicOrganizationId($slug: String!) { organization(slug: $slug) { id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitedOrganization($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { id subscriberCount } }\n"): (typeof documents)["\n  query InvitedOrganization($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { id subscriberCount } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterDeviceForTest($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid created } }\n"): (typeof documents)["\n  mutation RegisterDeviceForTest($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid created } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n"): (typeof documents)["\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
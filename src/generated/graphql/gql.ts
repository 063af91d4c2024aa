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
    "\n  mutation RegisterDevice($platform: String!, $apnsToken: String, $fcmToken: String, $webPush: JSON, $locale: String) {\n    registerDevice(platform: $platform, apnsToken: $apnsToken, fcmToken: $fcmToken, webPush: $webPush, locale: $locale) { deviceUuid created }\n  }\n": typeof types.RegisterDeviceDocument,
    "\n  mutation UpdateDevice($deviceUuid: ID!, $locale: String) {\n    updateDevice(deviceUuid: $deviceUuid, locale: $locale) { deviceUuid platform locale }\n  }\n": typeof types.UpdateDeviceDocument,
    "\n  mutation ReportOpen($deviceUuid: ID!, $notificationId: String!) {\n    reportOpen(deviceUuid: $deviceUuid, notificationId: $notificationId)\n  }\n": typeof types.ReportOpenDocument,
    "\n  query Topics {\n    topics { topic subscribers }\n  }\n": typeof types.TopicsDocument,
    "\n  query Insights($days: Int) {\n    insights(days: $days) {\n      days { date subscribers subscribersByPlatform { ios android web } broadcasts sent failed failures opened }\n    }\n  }\n": typeof types.InsightsDocument,
    "\n  query WebPushPublicKey {\n    webPushPublicKey\n  }\n": typeof types.WebPushPublicKeyDocument,
    "\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String, $inviteCode: String, $externalIdToken: String, $topics: JSON) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId, inviteCode: $inviteCode, externalIdToken: $externalIdToken, topics: $topics) {\n      orgSlug externalId topics createdAt updatedAt created\n    }\n  }\n": typeof types.SubscribeDeviceDocument,
    "\n  mutation UnsubscribeDevice($deviceUuid: ID!, $orgSlug: String!) {\n    unsubscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug)\n  }\n": typeof types.UnsubscribeDeviceDocument,
    "\n  query SearchOrganizations($search: String, $limit: Int, $cursor: String) {\n    organizations(search: $search, limit: $limit, cursor: $cursor) {\n      organizations { ...PublicOrganization }\n      nextCursor\n    }\n  }\n": typeof types.SearchOrganizationsDocument,
    "\n  fragment PublicOrganization on Organization { id name slug logoUrl brandColor description subscriberCount }\n": typeof types.PublicOrganizationFragmentDoc,
    "\n  query OrganizationBySlug($slug: String!) {\n    organization(slug: $slug) { ...PublicOrganization }\n  }\n": typeof types.OrganizationBySlugDocument,
    "\n  query OrganizationByInviteCode($inviteCode: String!) {\n    organizationByInviteCode(inviteCode: $inviteCode) { ...PublicOrganization }\n  }\n": typeof types.OrganizationByInviteCodeDocument,
    "\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds topics body title languages recipients sent failed failures opened byPlatform { ios { sent failed } android { sent failed } web { sent failed } } createdAt sendAt finishedAt\n    error { code message }\n    waitingForApnsSince\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n": typeof types.BroadcastFieldsFragmentDoc,
    "\n  mutation Notify($input: JSON!, $idempotencyKey: String) {\n    notify(input: $input, idempotencyKey: $idempotencyKey) { ...BroadcastFields }\n  }\n": typeof types.NotifyDocument,
    "\n  query ListNotifications($limit: Int, $cursor: String) {\n    notifications(limit: $limit, cursor: $cursor) { notifications { ...BroadcastFields } nextCursor }\n  }\n": typeof types.ListNotificationsDocument,
    "\n  query NotificationById($id: ID!) {\n    notification(id: $id) { ...BroadcastFields }\n  }\n": typeof types.NotificationByIdDocument,
    "\n  mutation CancelNotification($id: ID!) {\n    cancelNotification(id: $id) { ...BroadcastFields }\n  }\n": typeof types.CancelNotificationDocument,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }\n": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n  mutation CreateWebhook($url: String!, $events: [String!]!) {\n    createWebhook(url: $url, events: $events) { secret webhook { id url events createdAt } }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  query ListWebhooks {\n    webhooks { id url events createdAt disabledAt disabledReason lastDelivery { ...WebhookDeliveryFields } }\n  }\n": typeof types.ListWebhooksDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) { secret webhook { id url events createdAt } }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation CreateIdentityKey($publicKey: String) {\n    createIdentityKey(publicKey: $publicKey) { privateKey key { id algorithm publicKey createdAt } }\n  }\n": typeof types.CreateIdentityKeyDocument,
    "\n  query ListIdentityKeys {\n    identityKeys { id algorithm publicKey createdAt }\n  }\n": typeof types.ListIdentityKeysDocument,
    "\n  mutation DeleteIdentityKey($id: ID!) {\n    deleteIdentityKey(id: $id)\n  }\n": typeof types.DeleteIdentityKeyDocument,
    "\n  mutation LogOut { logOut }\n": typeof types.LogOutDocument,
    "\n  query Me { me { email memberships { role organization { id slug } } } }\n": typeof types.MeDocument,
    "\n  mutation CreateOrganization($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n": typeof types.CreateOrganizationDocument,
    "\n  mutation CreateApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id kind name displayPrefix revokedAt } }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n": typeof types.RevokeApiKeyDocument,
    "\n  query ApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix lastUsedAt revokedAt } }\n": typeof types.ApiKeysDocument,
    "\n  query WhoAmI { me { email } }\n": typeof types.WhoAmIDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { email } }\n": typeof types.ChangePasswordDocument,
    "\n  mutation NewOrganization($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug } }\n": typeof types.NewOrganizationDocument,
    "\n  query Managed($id: ID!) { managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic inviteCode viewerRole subscriberCount members { email role } } }\n": typeof types.ManagedDocument,
    "\n  query PublicView($slug: String!) { organization(slug: $slug) { slug inviteCode viewerRole members { email } } }\n": typeof types.PublicViewDocument,
    "\n  mutation UpdateOrganization($id: ID!, $name: String, $slug: String, $brandColor: String, $logoUrl: String, $isPublic: Boolean) {\n    updateOrganization(id: $id, name: $name, slug: $slug, brandColor: $brandColor, logoUrl: $logoUrl, isPublic: $isPublic) { name slug brandColor logoUrl isPublic description }\n  }\n": typeof types.UpdateOrganizationDocument,
    "\n  mutation RegenerateInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n": typeof types.RegenerateInviteCodeDocument,
    "\n  mutation InviteForManage($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { url } }\n": typeof types.InviteForManageDocument,
    "\n  mutation AcceptForManage($token: String!) { acceptInvitation(token: $token) { id } }\n": typeof types.AcceptForManageDocument,
    "\n  mutation SetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n": typeof types.SetRoleDocument,
    "\n  mutation RemoveMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email role } }\n": typeof types.RemoveMemberDocument,
    "\n  query MemberIds($id: ID!) { managedOrganization(id: $id) { members { userId email role } } }\n": typeof types.MemberIdsDocument,
    "\n  query Audience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }\n": typeof types.AudienceDocument,
    "\n  mutation SendNotification($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed apiKey { id } }\n  }\n": typeof types.SendNotificationDocument,
    "\n  mutation ScheduleNotification($organizationId: ID!, $input: JSON!, $test: Boolean!) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test) { id status sendAt finishedAt }\n  }\n": typeof types.ScheduleNotificationDocument,
    "\n  mutation CancelOrganizationNotification($organizationId: ID!, $id: ID!) {\n    cancelOrganizationNotification(organizationId: $organizationId, id: $id) { id status sent sendAt finishedAt error { code } timing { durationMs } }\n  }\n": typeof types.CancelOrganizationNotificationDocument,
    "\n  query History($organizationId: ID!, $limit: Int, $cursor: String) {\n    organizationNotifications(organizationId: $organizationId, limit: $limit, cursor: $cursor) { notifications { id body status sent apiKey { name } } nextCursor }\n  }\n": typeof types.HistoryDocument,
    "\n  query HistoryItem($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id body recipients sent } }\n": typeof types.HistoryItemDocument,
    "\n  query Settled($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id status finishedAt error { code message } } }\n": typeof types.SettledDocument,
    "\n  query ConfigurationWarning($id: ID!) { managedOrganization(id: $id) { lastConfigurationError { notificationId message at } } }\n": typeof types.ConfigurationWarningDocument,
    "\n  query PublicConfigurationWarning($slug: String!) { organization(slug: $slug) { lastConfigurationError { notificationId } } }\n": typeof types.PublicConfigurationWarningDocument,
    "\n  query MutationNames { __schema { mutationType { fields { name } } } }\n": typeof types.MutationNamesDocument,
    "\n  query PublicOrganizationId($slug: String!) { organization(slug: $slug) { id } }\n": typeof types.PublicOrganizationIdDocument,
    "\n  query InvitedOrganization($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { id subscriberCount } }\n": typeof types.InvitedOrganizationDocument,
    "\n  mutation RegisterDeviceForTest($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid created } }\n": typeof types.RegisterDeviceForTestDocument,
    "\n  mutation SmtpCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }\n": typeof types.SmtpCreateOrgDocument,
    "\n  mutation SmtpInvite($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { id url emailSent } }\n": typeof types.SmtpInviteDocument,
    "\n  mutation SmtpAccept($token: String!) { acceptInvitation(token: $token) { id viewerRole } }\n": typeof types.SmtpAcceptDocument,
    "\n  mutation InvitationsCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug, isPublic: false) { id slug } }\n": typeof types.InvitationsCreateOrgDocument,
    "\n  mutation InvitationsInvite($organizationId: ID!, $email: String!, $role: Role!) {\n    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email role url createdAt expiresAt emailSent invitedByEmail }\n  }\n": typeof types.InvitationsInviteDocument,
    "\n  mutation InvitationsAccept($token: String!) { acceptInvitation(token: $token) { id name viewerRole } }\n": typeof types.InvitationsAcceptDocument,
    "\n  query InvitationsPreview($token: String!) { invitation(token: $token) { organizationName email role status expiresAt } }\n": typeof types.InvitationsPreviewDocument,
    "\n  mutation InvitationsRevoke($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }\n": typeof types.InvitationsRevokeDocument,
    "\n  query InvitationsPending($id: ID!) { managedOrganization(id: $id) { invitations { id email role } members { userId email role } } }\n": typeof types.InvitationsPendingDocument,
    "\n  mutation InvitationsSetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n": typeof types.InvitationsSetRoleDocument,
    "\n  query InvitationsMe { me { memberships { role organization { id } } } }\n": typeof types.InvitationsMeDocument,
    "\n  mutation InviteOnlyCreate($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug inviteCode } }\n": typeof types.InviteOnlyCreateDocument,
    "\n  mutation InviteOnlyUpdate($id: ID!, $subscribeRequiresInviteCode: Boolean, $name: String) {\n    updateOrganization(id: $id, subscribeRequiresInviteCode: $subscribeRequiresInviteCode, name: $name) { subscribeRequiresInviteCode }\n  }\n": typeof types.InviteOnlyUpdateDocument,
    "\n  mutation InviteOnlyRegenerate($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n": typeof types.InviteOnlyRegenerateDocument,
    "\n  query InviteOnlyManaged($id: ID!) { managedOrganization(id: $id) { subscribeRequiresInviteCode } }\n": typeof types.InviteOnlyManagedDocument,
    "\n  query InviteOnlyByInviteCode($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { slug subscribeRequiresInviteCode } }\n": typeof types.InviteOnlyByInviteCodeDocument,
    "\n  mutation InviteOnlySubscribe($deviceUuid: ID!, $orgSlug: String!, $inviteCode: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, inviteCode: $inviteCode) { orgSlug }\n  }\n": typeof types.InviteOnlySubscribeDocument,
    "\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n": typeof types.RegisterDeviceForRateLimitDocument,
    "\n  mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email } }\n": typeof types.SignUpDocument,
    "\n  mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id email } }\n": typeof types.LogInDocument,
    "\n  query ManagedWebhooks($id: ID!) {\n    managedOrganization(id: $id) { webhooks { id url events disabledAt disabledReason lastDelivery { id event status } deliveries(limit: 5) { id event status attempts statusCode } } }\n  }\n": typeof types.ManagedWebhooksDocument,
    "\n  query PublicWebhooks($slug: String!) { organization(slug: $slug) { webhooks { id } } }\n": typeof types.PublicWebhooksDocument,
    "\n  mutation CreateOrganizationForWebhooks($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n": typeof types.CreateOrganizationForWebhooksDocument,
    "\n  mutation CreateOrganizationWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {\n    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url events createdAt disabledAt } }\n  }\n": typeof types.CreateOrganizationWebhookDocument,
    "\n  mutation SendOrganizationWebhookTest($organizationId: ID!, $id: ID!) {\n    sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id event status attempts nextAttemptAt }\n  }\n": typeof types.SendOrganizationWebhookTestDocument,
    "\n  mutation EnableOrganizationWebhook($organizationId: ID!, $id: ID!) {\n    enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt disabledReason }\n  }\n": typeof types.EnableOrganizationWebhookDocument,
};
const documents: Documents = {
    "\n  mutation RegisterDevice($platform: String!, $apnsToken: String, $fcmToken: String, $webPush: JSON, $locale: String) {\n    registerDevice(platform: $platform, apnsToken: $apnsToken, fcmToken: $fcmToken, webPush: $webPush, locale: $locale) { deviceUuid created }\n  }\n": types.RegisterDeviceDocument,
    "\n  mutation UpdateDevice($deviceUuid: ID!, $locale: String) {\n    updateDevice(deviceUuid: $deviceUuid, locale: $locale) { deviceUuid platform locale }\n  }\n": types.UpdateDeviceDocument,
    "\n  mutation ReportOpen($deviceUuid: ID!, $notificationId: String!) {\n    reportOpen(deviceUuid: $deviceUuid, notificationId: $notificationId)\n  }\n": types.ReportOpenDocument,
    "\n  query Topics {\n    topics { topic subscribers }\n  }\n": types.TopicsDocument,
    "\n  query Insights($days: Int) {\n    insights(days: $days) {\n      days { date subscribers subscribersByPlatform { ios android web } broadcasts sent failed failures opened }\n    }\n  }\n": types.InsightsDocument,
    "\n  query WebPushPublicKey {\n    webPushPublicKey\n  }\n": types.WebPushPublicKeyDocument,
    "\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String, $inviteCode: String, $externalIdToken: String, $topics: JSON) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId, inviteCode: $inviteCode, externalIdToken: $externalIdToken, topics: $topics) {\n      orgSlug externalId topics createdAt updatedAt created\n    }\n  }\n": types.SubscribeDeviceDocument,
    "\n  mutation UnsubscribeDevice($deviceUuid: ID!, $orgSlug: String!) {\n    unsubscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug)\n  }\n": types.UnsubscribeDeviceDocument,
    "\n  query SearchOrganizations($search: String, $limit: Int, $cursor: String) {\n    organizations(search: $search, limit: $limit, cursor: $cursor) {\n      organizations { ...PublicOrganization }\n      nextCursor\n    }\n  }\n": types.SearchOrganizationsDocument,
    "\n  fragment PublicOrganization on Organization { id name slug logoUrl brandColor description subscriberCount }\n": types.PublicOrganizationFragmentDoc,
    "\n  query OrganizationBySlug($slug: String!) {\n    organization(slug: $slug) { ...PublicOrganization }\n  }\n": types.OrganizationBySlugDocument,
    "\n  query OrganizationByInviteCode($inviteCode: String!) {\n    organizationByInviteCode(inviteCode: $inviteCode) { ...PublicOrganization }\n  }\n": types.OrganizationByInviteCodeDocument,
    "\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds topics body title languages recipients sent failed failures opened byPlatform { ios { sent failed } android { sent failed } web { sent failed } } createdAt sendAt finishedAt\n    error { code message }\n    waitingForApnsSince\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n": types.BroadcastFieldsFragmentDoc,
    "\n  mutation Notify($input: JSON!, $idempotencyKey: String) {\n    notify(input: $input, idempotencyKey: $idempotencyKey) { ...BroadcastFields }\n  }\n": types.NotifyDocument,
    "\n  query ListNotifications($limit: Int, $cursor: String) {\n    notifications(limit: $limit, cursor: $cursor) { notifications { ...BroadcastFields } nextCursor }\n  }\n": types.ListNotificationsDocument,
    "\n  query NotificationById($id: ID!) {\n    notification(id: $id) { ...BroadcastFields }\n  }\n": types.NotificationByIdDocument,
    "\n  mutation CancelNotification($id: ID!) {\n    cancelNotification(id: $id) { ...BroadcastFields }\n  }\n": types.CancelNotificationDocument,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }\n": types.WebhookDeliveryFieldsFragmentDoc,
    "\n  mutation CreateWebhook($url: String!, $events: [String!]!) {\n    createWebhook(url: $url, events: $events) { secret webhook { id url events createdAt } }\n  }\n": types.CreateWebhookDocument,
    "\n  query ListWebhooks {\n    webhooks { id url events createdAt disabledAt disabledReason lastDelivery { ...WebhookDeliveryFields } }\n  }\n": types.ListWebhooksDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) { secret webhook { id url events createdAt } }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation CreateIdentityKey($publicKey: String) {\n    createIdentityKey(publicKey: $publicKey) { privateKey key { id algorithm publicKey createdAt } }\n  }\n": types.CreateIdentityKeyDocument,
    "\n  query ListIdentityKeys {\n    identityKeys { id algorithm publicKey createdAt }\n  }\n": types.ListIdentityKeysDocument,
    "\n  mutation DeleteIdentityKey($id: ID!) {\n    deleteIdentityKey(id: $id)\n  }\n": types.DeleteIdentityKeyDocument,
    "\n  mutation LogOut { logOut }\n": types.LogOutDocument,
    "\n  query Me { me { email memberships { role organization { id slug } } } }\n": types.MeDocument,
    "\n  mutation CreateOrganization($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n": types.CreateOrganizationDocument,
    "\n  mutation CreateApiKey($organizationId: ID!, $kind: String!, $name: String) {\n    createApiKey(organizationId: $organizationId, kind: $kind, name: $name) { key apiKey { id kind name displayPrefix revokedAt } }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }\n": types.RevokeApiKeyDocument,
    "\n  query ApiKeys($organizationId: ID!) { apiKeys(organizationId: $organizationId) { id name kind displayPrefix lastUsedAt revokedAt } }\n": types.ApiKeysDocument,
    "\n  query WhoAmI { me { email } }\n": types.WhoAmIDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { email } }\n": types.ChangePasswordDocument,
    "\n  mutation NewOrganization($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug } }\n": types.NewOrganizationDocument,
    "\n  query Managed($id: ID!) { managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic inviteCode viewerRole subscriberCount members { email role } } }\n": types.ManagedDocument,
    "\n  query PublicView($slug: String!) { organization(slug: $slug) { slug inviteCode viewerRole members { email } } }\n": types.PublicViewDocument,
    "\n  mutation UpdateOrganization($id: ID!, $name: String, $slug: String, $brandColor: String, $logoUrl: String, $isPublic: Boolean) {\n    updateOrganization(id: $id, name: $name, slug: $slug, brandColor: $brandColor, logoUrl: $logoUrl, isPublic: $isPublic) { name slug brandColor logoUrl isPublic description }\n  }\n": types.UpdateOrganizationDocument,
    "\n  mutation RegenerateInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n": types.RegenerateInviteCodeDocument,
    "\n  mutation InviteForManage($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { url } }\n": types.InviteForManageDocument,
    "\n  mutation AcceptForManage($token: String!) { acceptInvitation(token: $token) { id } }\n": types.AcceptForManageDocument,
    "\n  mutation SetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n": types.SetRoleDocument,
    "\n  mutation RemoveMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email role } }\n": types.RemoveMemberDocument,
    "\n  query MemberIds($id: ID!) { managedOrganization(id: $id) { members { userId email role } } }\n": types.MemberIdsDocument,
    "\n  query Audience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }\n": types.AudienceDocument,
    "\n  mutation SendNotification($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed apiKey { id } }\n  }\n": types.SendNotificationDocument,
    "\n  mutation ScheduleNotification($organizationId: ID!, $input: JSON!, $test: Boolean!) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test) { id status sendAt finishedAt }\n  }\n": types.ScheduleNotificationDocument,
    "\n  mutation CancelOrganizationNotification($organizationId: ID!, $id: ID!) {\n    cancelOrganizationNotification(organizationId: $organizationId, id: $id) { id status sent sendAt finishedAt error { code } timing { durationMs } }\n  }\n": types.CancelOrganizationNotificationDocument,
    "\n  query History($organizationId: ID!, $limit: Int, $cursor: String) {\n    organizationNotifications(organizationId: $organizationId, limit: $limit, cursor: $cursor) { notifications { id body status sent apiKey { name } } nextCursor }\n  }\n": types.HistoryDocument,
    "\n  query HistoryItem($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id body recipients sent } }\n": types.HistoryItemDocument,
    "\n  query Settled($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id status finishedAt error { code message } } }\n": types.SettledDocument,
    "\n  query ConfigurationWarning($id: ID!) { managedOrganization(id: $id) { lastConfigurationError { notificationId message at } } }\n": types.ConfigurationWarningDocument,
    "\n  query PublicConfigurationWarning($slug: String!) { organization(slug: $slug) { lastConfigurationError { notificationId } } }\n": types.PublicConfigurationWarningDocument,
    "\n  query MutationNames { __schema { mutationType { fields { name } } } }\n": types.MutationNamesDocument,
    "\n  query PublicOrganizationId($slug: String!) { organization(slug: $slug) { id } }\n": types.PublicOrganizationIdDocument,
    "\n  query InvitedOrganization($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { id subscriberCount } }\n": types.InvitedOrganizationDocument,
    "\n  mutation RegisterDeviceForTest($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid created } }\n": types.RegisterDeviceForTestDocument,
    "\n  mutation SmtpCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }\n": types.SmtpCreateOrgDocument,
    "\n  mutation SmtpInvite($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { id url emailSent } }\n": types.SmtpInviteDocument,
    "\n  mutation SmtpAccept($token: String!) { acceptInvitation(token: $token) { id viewerRole } }\n": types.SmtpAcceptDocument,
    "\n  mutation InvitationsCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug, isPublic: false) { id slug } }\n": types.InvitationsCreateOrgDocument,
    "\n  mutation InvitationsInvite($organizationId: ID!, $email: String!, $role: Role!) {\n    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email role url createdAt expiresAt emailSent invitedByEmail }\n  }\n": types.InvitationsInviteDocument,
    "\n  mutation InvitationsAccept($token: String!) { acceptInvitation(token: $token) { id name viewerRole } }\n": types.InvitationsAcceptDocument,
    "\n  query InvitationsPreview($token: String!) { invitation(token: $token) { organizationName email role status expiresAt } }\n": types.InvitationsPreviewDocument,
    "\n  mutation InvitationsRevoke($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }\n": types.InvitationsRevokeDocument,
    "\n  query InvitationsPending($id: ID!) { managedOrganization(id: $id) { invitations { id email role } members { userId email role } } }\n": types.InvitationsPendingDocument,
    "\n  mutation InvitationsSetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n": types.InvitationsSetRoleDocument,
    "\n  query InvitationsMe { me { memberships { role organization { id } } } }\n": types.InvitationsMeDocument,
    "\n  mutation InviteOnlyCreate($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug inviteCode } }\n": types.InviteOnlyCreateDocument,
    "\n  mutation InviteOnlyUpdate($id: ID!, $subscribeRequiresInviteCode: Boolean, $name: String) {\n    updateOrganization(id: $id, subscribeRequiresInviteCode: $subscribeRequiresInviteCode, name: $name) { subscribeRequiresInviteCode }\n  }\n": types.InviteOnlyUpdateDocument,
    "\n  mutation InviteOnlyRegenerate($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n": types.InviteOnlyRegenerateDocument,
    "\n  query InviteOnlyManaged($id: ID!) { managedOrganization(id: $id) { subscribeRequiresInviteCode } }\n": types.InviteOnlyManagedDocument,
    "\n  query InviteOnlyByInviteCode($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { slug subscribeRequiresInviteCode } }\n": types.InviteOnlyByInviteCodeDocument,
    "\n  mutation InviteOnlySubscribe($deviceUuid: ID!, $orgSlug: String!, $inviteCode: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, inviteCode: $inviteCode) { orgSlug }\n  }\n": types.InviteOnlySubscribeDocument,
    "\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n": types.RegisterDeviceForRateLimitDocument,
    "\n  mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id email } }\n": types.SignUpDocument,
    "\n  mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { id email } }\n": types.LogInDocument,
    "\n  query ManagedWebhooks($id: ID!) {\n    managedOrganization(id: $id) { webhooks { id url events disabledAt disabledReason lastDelivery { id event status } deliveries(limit: 5) { id event status attempts statusCode } } }\n  }\n": types.ManagedWebhooksDocument,
    "\n  query PublicWebhooks($slug: String!) { organization(slug: $slug) { webhooks { id } } }\n": types.PublicWebhooksDocument,
    "\n  mutation CreateOrganizationForWebhooks($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n": types.CreateOrganizationForWebhooksDocument,
    "\n  mutation CreateOrganizationWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {\n    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url events createdAt disabledAt } }\n  }\n": types.CreateOrganizationWebhookDocument,
    "\n  mutation SendOrganizationWebhookTest($organizationId: ID!, $id: ID!) {\n    sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id event status attempts nextAttemptAt }\n  }\n": types.SendOrganizationWebhookTestDocument,
    "\n  mutation EnableOrganizationWebhook($organizationId: ID!, $id: ID!) {\n    enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt disabledReason }\n  }\n": types.EnableOrganizationWebhookDocument,
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
export function graphql(source: "\n  mutation RegisterDevice($platform: String!, $apnsToken: String, $fcmToken: String, $webPush: JSON, $locale: String) {\n    registerDevice(platform: $platform, apnsToken: $apnsToken, fcmToken: $fcmToken, webPush: $webPush, locale: $locale) { deviceUuid created }\n  }\n"): (typeof documents)["\n  mutation RegisterDevice($platform: String!, $apnsToken: String, $fcmToken: String, $webPush: JSON, $locale: String) {\n    registerDevice(platform: $platform, apnsToken: $apnsToken, fcmToken: $fcmToken, webPush: $webPush, locale: $locale) { deviceUuid created }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDevice($deviceUuid: ID!, $locale: String) {\n    updateDevice(deviceUuid: $deviceUuid, locale: $locale) { deviceUuid platform locale }\n  }\n"): (typeof documents)["\n  mutation UpdateDevice($deviceUuid: ID!, $locale: String) {\n    updateDevice(deviceUuid: $deviceUuid, locale: $locale) { deviceUuid platform locale }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportOpen($deviceUuid: ID!, $notificationId: String!) {\n    reportOpen(deviceUuid: $deviceUuid, notificationId: $notificationId)\n  }\n"): (typeof documents)["\n  mutation ReportOpen($deviceUuid: ID!, $notificationId: String!) {\n    reportOpen(deviceUuid: $deviceUuid, notificationId: $notificationId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Topics {\n    topics { topic subscribers }\n  }\n"): (typeof documents)["\n  query Topics {\n    topics { topic subscribers }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Insights($days: Int) {\n    insights(days: $days) {\n      days { date subscribers subscribersByPlatform { ios android web } broadcasts sent failed failures opened }\n    }\n  }\n"): (typeof documents)["\n  query Insights($days: Int) {\n    insights(days: $days) {\n      days { date subscribers subscribersByPlatform { ios android web } broadcasts sent failed failures opened }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebPushPublicKey {\n    webPushPublicKey\n  }\n"): (typeof documents)["\n  query WebPushPublicKey {\n    webPushPublicKey\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String, $inviteCode: String, $externalIdToken: String, $topics: JSON) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId, inviteCode: $inviteCode, externalIdToken: $externalIdToken, topics: $topics) {\n      orgSlug externalId topics createdAt updatedAt created\n    }\n  }\n"): (typeof documents)["\n  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String, $inviteCode: String, $externalIdToken: String, $topics: JSON) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId, inviteCode: $inviteCode, externalIdToken: $externalIdToken, topics: $topics) {\n      orgSlug externalId topics createdAt updatedAt created\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds topics body title languages recipients sent failed failures opened byPlatform { ios { sent failed } android { sent failed } web { sent failed } } createdAt sendAt finishedAt\n    error { code message }\n    waitingForApnsSince\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n"): (typeof documents)["\n  fragment BroadcastFields on Broadcast {\n    id status test target externalIds topics body title languages recipients sent failed failures opened byPlatform { ios { sent failed } android { sent failed } web { sent failed } } createdAt sendAt finishedAt\n    error { code message }\n    waitingForApnsSince\n    timing { durationMs }\n    apiKey { id name displayPrefix }\n  }\n"];
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
export function graphql(source: "\n  mutation CancelNotification($id: ID!) {\n    cancelNotification(id: $id) { ...BroadcastFields }\n  }\n"): (typeof documents)["\n  mutation CancelNotification($id: ID!) {\n    cancelNotification(id: $id) { ...BroadcastFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryFields on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }\n"): (typeof documents)["\n  fragment WebhookDeliveryFields on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($url: String!, $events: [String!]!) {\n    createWebhook(url: $url, events: $events) { secret webhook { id url events createdAt } }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($url: String!, $events: [String!]!) {\n    createWebhook(url: $url, events: $events) { secret webhook { id url events createdAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListWebhooks {\n    webhooks { id url events createdAt disabledAt disabledReason lastDelivery { ...WebhookDeliveryFields } }\n  }\n"): (typeof documents)["\n  query ListWebhooks {\n    webhooks { id url events createdAt disabledAt disabledReason lastDelivery { ...WebhookDeliveryFields } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) { secret webhook { id url events createdAt } }\n  }\n"): (typeof documents)["\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) { secret webhook { id url events createdAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateIdentityKey($publicKey: String) {\n    createIdentityKey(publicKey: $publicKey) { privateKey key { id algorithm publicKey createdAt } }\n  }\n"): (typeof documents)["\n  mutation CreateIdentityKey($publicKey: String) {\n    createIdentityKey(publicKey: $publicKey) { privateKey key { id algorithm publicKey createdAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListIdentityKeys {\n    identityKeys { id algorithm publicKey createdAt }\n  }\n"): (typeof documents)["\n  query ListIdentityKeys {\n    identityKeys { id algorithm publicKey createdAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteIdentityKey($id: ID!) {\n    deleteIdentityKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteIdentityKey($id: ID!) {\n    deleteIdentityKey(id: $id)\n  }\n"];
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
export function graphql(source: "\n  query WhoAmI { me { email } }\n"): (typeof documents)["\n  query WhoAmI { me { email } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { email } }\n"): (typeof documents)["\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) { changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { email } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation NewOrganization($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug } }\n"): (typeof documents)["\n  mutation NewOrganization($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Managed($id: ID!) { managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic inviteCode viewerRole subscriberCount members { email role } } }\n"): (typeof documents)["\n  query Managed($id: ID!) { managedOrganization(id: $id) { id name slug description logoUrl brandColor isPublic inviteCode viewerRole subscriberCount members { email role } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicView($slug: String!) { organization(slug: $slug) { slug inviteCode viewerRole members { email } } }\n"): (typeof documents)["\n  query PublicView($slug: String!) { organization(slug: $slug) { slug inviteCode viewerRole members { email } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrganization($id: ID!, $name: String, $slug: String, $brandColor: String, $logoUrl: String, $isPublic: Boolean) {\n    updateOrganization(id: $id, name: $name, slug: $slug, brandColor: $brandColor, logoUrl: $logoUrl, isPublic: $isPublic) { name slug brandColor logoUrl isPublic description }\n  }\n"): (typeof documents)["\n  mutation UpdateOrganization($id: ID!, $name: String, $slug: String, $brandColor: String, $logoUrl: String, $isPublic: Boolean) {\n    updateOrganization(id: $id, name: $name, slug: $slug, brandColor: $brandColor, logoUrl: $logoUrl, isPublic: $isPublic) { name slug brandColor logoUrl isPublic description }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegenerateInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n"): (typeof documents)["\n  mutation RegenerateInviteCode($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteForManage($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { url } }\n"): (typeof documents)["\n  mutation InviteForManage($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { url } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptForManage($token: String!) { acceptInvitation(token: $token) { id } }\n"): (typeof documents)["\n  mutation AcceptForManage($token: String!) { acceptInvitation(token: $token) { id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n"): (typeof documents)["\n  mutation SetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email role } }\n"): (typeof documents)["\n  mutation RemoveMember($organizationId: ID!, $userId: ID!) { removeMember(organizationId: $organizationId, userId: $userId) { email role } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemberIds($id: ID!) { managedOrganization(id: $id) { members { userId email role } } }\n"): (typeof documents)["\n  query MemberIds($id: ID!) { managedOrganization(id: $id) { members { userId email role } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Audience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }\n"): (typeof documents)["\n  query Audience($organizationId: ID!, $input: JSON!) { audienceSize(organizationId: $organizationId, input: $input) }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendNotification($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed apiKey { id } }\n  }\n"): (typeof documents)["\n  mutation SendNotification($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test, idempotencyKey: $idempotencyKey) { id status test recipients sent failed apiKey { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ScheduleNotification($organizationId: ID!, $input: JSON!, $test: Boolean!) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test) { id status sendAt finishedAt }\n  }\n"): (typeof documents)["\n  mutation ScheduleNotification($organizationId: ID!, $input: JSON!, $test: Boolean!) {\n    sendNotification(organizationId: $organizationId, input: $input, test: $test) { id status sendAt finishedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelOrganizationNotification($organizationId: ID!, $id: ID!) {\n    cancelOrganizationNotification(organizationId: $organizationId, id: $id) { id status sent sendAt finishedAt error { code } timing { durationMs } }\n  }\n"): (typeof documents)["\n  mutation CancelOrganizationNotification($organizationId: ID!, $id: ID!) {\n    cancelOrganizationNotification(organizationId: $organizationId, id: $id) { id status sent sendAt finishedAt error { code } timing { durationMs } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query History($organizationId: ID!, $limit: Int, $cursor: String) {\n    organizationNotifications(organizationId: $organizationId, limit: $limit, cursor: $cursor) { notifications { id body status sent apiKey { name } } nextCursor }\n  }\n"): (typeof documents)["\n  query History($organizationId: ID!, $limit: Int, $cursor: String) {\n    organizationNotifications(organizationId: $organizationId, limit: $limit, cursor: $cursor) { notifications { id body status sent apiKey { name } } nextCursor }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HistoryItem($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id body recipients sent } }\n"): (typeof documents)["\n  query HistoryItem($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id body recipients sent } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Settled($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id status finishedAt error { code message } } }\n"): (typeof documents)["\n  query Settled($organizationId: ID!, $id: ID!) { organizationNotification(organizationId: $organizationId, id: $id) { id status finishedAt error { code message } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfigurationWarning($id: ID!) { managedOrganization(id: $id) { lastConfigurationError { notificationId message at } } }\n"): (typeof documents)["\n  query ConfigurationWarning($id: ID!) { managedOrganization(id: $id) { lastConfigurationError { notificationId message at } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicConfigurationWarning($slug: String!) { organization(slug: $slug) { lastConfigurationError { notificationId } } }\n"): (typeof documents)["\n  query PublicConfigurationWarning($slug: String!) { organization(slug: $slug) { lastConfigurationError { notificationId } } }\n"];
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
export function graphql(source: "\n  mutation SmtpCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }\n"): (typeof documents)["\n  mutation SmtpCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SmtpInvite($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { id url emailSent } }\n"): (typeof documents)["\n  mutation SmtpInvite($organizationId: ID!, $email: String!, $role: Role!) { inviteMember(organizationId: $organizationId, email: $email, role: $role) { id url emailSent } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SmtpAccept($token: String!) { acceptInvitation(token: $token) { id viewerRole } }\n"): (typeof documents)["\n  mutation SmtpAccept($token: String!) { acceptInvitation(token: $token) { id viewerRole } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InvitationsCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug, isPublic: false) { id slug } }\n"): (typeof documents)["\n  mutation InvitationsCreateOrg($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug, isPublic: false) { id slug } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InvitationsInvite($organizationId: ID!, $email: String!, $role: Role!) {\n    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email role url createdAt expiresAt emailSent invitedByEmail }\n  }\n"): (typeof documents)["\n  mutation InvitationsInvite($organizationId: ID!, $email: String!, $role: Role!) {\n    inviteMember(organizationId: $organizationId, email: $email, role: $role) { id email role url createdAt expiresAt emailSent invitedByEmail }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InvitationsAccept($token: String!) { acceptInvitation(token: $token) { id name viewerRole } }\n"): (typeof documents)["\n  mutation InvitationsAccept($token: String!) { acceptInvitation(token: $token) { id name viewerRole } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitationsPreview($token: String!) { invitation(token: $token) { organizationName email role status expiresAt } }\n"): (typeof documents)["\n  query InvitationsPreview($token: String!) { invitation(token: $token) { organizationName email role status expiresAt } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InvitationsRevoke($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }\n"): (typeof documents)["\n  mutation InvitationsRevoke($organizationId: ID!, $id: ID!) { revokeInvitation(organizationId: $organizationId, id: $id) }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitationsPending($id: ID!) { managedOrganization(id: $id) { invitations { id email role } members { userId email role } } }\n"): (typeof documents)["\n  query InvitationsPending($id: ID!) { managedOrganization(id: $id) { invitations { id email role } members { userId email role } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InvitationsSetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n"): (typeof documents)["\n  mutation InvitationsSetRole($organizationId: ID!, $userId: ID!, $role: Role!) { setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) { email role } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitationsMe { me { memberships { role organization { id } } } }\n"): (typeof documents)["\n  query InvitationsMe { me { memberships { role organization { id } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteOnlyCreate($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug inviteCode } }\n"): (typeof documents)["\n  mutation InviteOnlyCreate($name: String!, $slug: String!, $isPublic: Boolean) { createOrganization(name: $name, slug: $slug, isPublic: $isPublic) { id slug inviteCode } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteOnlyUpdate($id: ID!, $subscribeRequiresInviteCode: Boolean, $name: String) {\n    updateOrganization(id: $id, subscribeRequiresInviteCode: $subscribeRequiresInviteCode, name: $name) { subscribeRequiresInviteCode }\n  }\n"): (typeof documents)["\n  mutation InviteOnlyUpdate($id: ID!, $subscribeRequiresInviteCode: Boolean, $name: String) {\n    updateOrganization(id: $id, subscribeRequiresInviteCode: $subscribeRequiresInviteCode, name: $name) { subscribeRequiresInviteCode }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteOnlyRegenerate($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n"): (typeof documents)["\n  mutation InviteOnlyRegenerate($organizationId: ID!) { regenerateInviteCode(organizationId: $organizationId) { inviteCode } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InviteOnlyManaged($id: ID!) { managedOrganization(id: $id) { subscribeRequiresInviteCode } }\n"): (typeof documents)["\n  query InviteOnlyManaged($id: ID!) { managedOrganization(id: $id) { subscribeRequiresInviteCode } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InviteOnlyByInviteCode($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { slug subscribeRequiresInviteCode } }\n"): (typeof documents)["\n  query InviteOnlyByInviteCode($inviteCode: String!) { organizationByInviteCode(inviteCode: $inviteCode) { slug subscribeRequiresInviteCode } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteOnlySubscribe($deviceUuid: ID!, $orgSlug: String!, $inviteCode: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, inviteCode: $inviteCode) { orgSlug }\n  }\n"): (typeof documents)["\n  mutation InviteOnlySubscribe($deviceUuid: ID!, $orgSlug: String!, $inviteCode: String) {\n    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, inviteCode: $inviteCode) { orgSlug }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n"): (typeof documents)["\n  mutation RegisterDeviceForRateLimit($apnsToken: String!) { registerDevice(apnsToken: $apnsToken, platform: \"ios\") { deviceUuid } }\n"];
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
export function graphql(source: "\n  query ManagedWebhooks($id: ID!) {\n    managedOrganization(id: $id) { webhooks { id url events disabledAt disabledReason lastDelivery { id event status } deliveries(limit: 5) { id event status attempts statusCode } } }\n  }\n"): (typeof documents)["\n  query ManagedWebhooks($id: ID!) {\n    managedOrganization(id: $id) { webhooks { id url events disabledAt disabledReason lastDelivery { id event status } deliveries(limit: 5) { id event status attempts statusCode } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicWebhooks($slug: String!) { organization(slug: $slug) { webhooks { id } } }\n"): (typeof documents)["\n  query PublicWebhooks($slug: String!) { organization(slug: $slug) { webhooks { id } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrganizationForWebhooks($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n"): (typeof documents)["\n  mutation CreateOrganizationForWebhooks($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id slug } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrganizationWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {\n    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url events createdAt disabledAt } }\n  }\n"): (typeof documents)["\n  mutation CreateOrganizationWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {\n    createOrganizationWebhook(organizationId: $organizationId, url: $url, events: $events) { secret webhook { id url events createdAt disabledAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendOrganizationWebhookTest($organizationId: ID!, $id: ID!) {\n    sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id event status attempts nextAttemptAt }\n  }\n"): (typeof documents)["\n  mutation SendOrganizationWebhookTest($organizationId: ID!, $id: ID!) {\n    sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) { id event status attempts nextAttemptAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableOrganizationWebhook($organizationId: ID!, $id: ID!) {\n    enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt disabledReason }\n  }\n"): (typeof documents)["\n  mutation EnableOrganizationWebhook($organizationId: ID!, $id: ID!) {\n    enableOrganizationWebhook(organizationId: $organizationId, id: $id) { id disabledAt disabledReason }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
// The GraphQL operations behind the /v1 routes. The REST façade runs these through the same schema
// and resolvers as /graphql; codegen turns them into typed documents (src/generated/graphql).
import { graphql } from '../../generated/graphql/gql.ts';

export const RegisterDevice = graphql(`
  mutation RegisterDevice($platform: String!, $apnsToken: String, $fcmToken: String, $webPush: JSON, $locale: String) {
    registerDevice(platform: $platform, apnsToken: $apnsToken, fcmToken: $fcmToken, webPush: $webPush, locale: $locale) { deviceUuid created }
  }
`);

export const UpdateDevice = graphql(`
  mutation UpdateDevice($deviceUuid: ID!, $locale: String) {
    updateDevice(deviceUuid: $deviceUuid, locale: $locale) { deviceUuid platform locale }
  }
`);

export const ReportOpen = graphql(`
  mutation ReportOpen($deviceUuid: ID!, $notificationId: String!) {
    reportOpen(deviceUuid: $deviceUuid, notificationId: $notificationId)
  }
`);

export const Topics = graphql(`
  query Topics {
    topics { topic subscribers }
  }
`);

export const Insights = graphql(`
  query Insights($days: Int) {
    insights(days: $days) {
      days { date subscribers subscribersByPlatform { ios android web } broadcasts sent failed failures opened }
    }
  }
`);

export const WebPushPublicKey = graphql(`
  query WebPushPublicKey {
    webPushPublicKey
  }
`);

export const SubscribeDevice = graphql(`
  mutation SubscribeDevice($deviceUuid: ID!, $orgSlug: String!, $externalId: String, $inviteCode: String, $externalIdToken: String, $topics: JSON) {
    subscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug, externalId: $externalId, inviteCode: $inviteCode, externalIdToken: $externalIdToken, topics: $topics) {
      orgSlug externalId topics createdAt updatedAt created
    }
  }
`);

export const UnsubscribeDevice = graphql(`
  mutation UnsubscribeDevice($deviceUuid: ID!, $orgSlug: String!) {
    unsubscribeDevice(deviceUuid: $deviceUuid, orgSlug: $orgSlug)
  }
`);

export const SearchOrganizations = graphql(`
  query SearchOrganizations($search: String, $limit: Int, $cursor: String) {
    organizations(search: $search, limit: $limit, cursor: $cursor) {
      organizations { ...PublicOrganization }
      nextCursor
    }
  }
`);

export const PublicOrganization = graphql(`
  fragment PublicOrganization on Organization { id name slug logoUrl brandColor description subscriberCount }
`);

export const OrganizationBySlug = graphql(`
  query OrganizationBySlug($slug: String!) {
    organization(slug: $slug) { ...PublicOrganization }
  }
`);

export const OrganizationByInviteCode = graphql(`
  query OrganizationByInviteCode($inviteCode: String!) {
    organizationByInviteCode(inviteCode: $inviteCode) { ...PublicOrganization }
  }
`);

export const BroadcastFields = graphql(`
  fragment BroadcastFields on Broadcast {
    id status test target externalIds topics body title languages recipients sent failed failures opened byPlatform { ios { sent failed } android { sent failed } web { sent failed } } createdAt sendAt finishedAt
    error { code message }
    waitingForApnsSince
    timing { durationMs }
    apiKey { id name displayPrefix }
  }
`);

export const Notify = graphql(`
  mutation Notify($input: JSON!, $idempotencyKey: String) {
    notify(input: $input, idempotencyKey: $idempotencyKey) { ...BroadcastFields }
  }
`);

export const ListNotifications = graphql(`
  query ListNotifications($limit: Int, $cursor: String) {
    notifications(limit: $limit, cursor: $cursor) { notifications { ...BroadcastFields } nextCursor }
  }
`);

export const NotificationById = graphql(`
  query NotificationById($id: ID!) {
    notification(id: $id) { ...BroadcastFields }
  }
`);

export const CancelNotification = graphql(`
  mutation CancelNotification($id: ID!) {
    cancelNotification(id: $id) { ...BroadcastFields }
  }
`);

export const WebhookDeliveryFields = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery { id event status attempts statusCode error createdAt lastAttemptAt nextAttemptAt deliveredAt }
`);

export const CreateWebhook = graphql(`
  mutation CreateWebhook($url: String!, $events: [String!]!) {
    createWebhook(url: $url, events: $events) { secret webhook { id url events createdAt } }
  }
`);

export const ListWebhooks = graphql(`
  query ListWebhooks {
    webhooks { id url events createdAt disabledAt disabledReason lastDelivery { ...WebhookDeliveryFields } }
  }
`);

export const DeleteWebhook = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

export const RotateWebhookSecret = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) { secret webhook { id url events createdAt } }
  }
`);

export const CreateIdentityKey = graphql(`
  mutation CreateIdentityKey($publicKey: String) {
    createIdentityKey(publicKey: $publicKey) { privateKey key { id algorithm publicKey createdAt } }
  }
`);

export const ListIdentityKeys = graphql(`
  query ListIdentityKeys {
    identityKeys { id algorithm publicKey createdAt }
  }
`);

export const DeleteIdentityKey = graphql(`
  mutation DeleteIdentityKey($id: ID!) {
    deleteIdentityKey(id: $id)
  }
`);

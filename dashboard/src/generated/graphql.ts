/* eslint-disable */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An instant, as an ISO 8601 string in UTC. */
  DateTime: { input: string; output: string; }
  /** Any JSON value. */
  JSON: { input: unknown; output: unknown; }
};

/** An organization's API key, without its secret. */
export type ApiKey = {
  __typename?: 'ApiKey';
  createdAt: Scalars['DateTime']['output'];
  displayPrefix: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** live or test. */
  kind: Scalars['String']['output'];
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  organizationId: Scalars['ID']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** One POST /v1/notify: a broadcast to every matched device (a test key's reaches at most one and has no id). */
export type Broadcast = {
  __typename?: 'Broadcast';
  /** The key that sent it; null when a member sent it from the dashboard. */
  apiKey?: Maybe<BroadcastApiKey>;
  body: Scalars['String']['output'];
  byPlatform: BroadcastByPlatform;
  createdAt: Scalars['DateTime']['output'];
  error?: Maybe<BroadcastError>;
  externalIds?: Maybe<Array<Scalars['String']['output']>>;
  failed: Scalars['Int']['output'];
  /** Failure counts by the push service's reason, e.g. {"Unregistered": 2, "UNREGISTERED": 1, "Gone": 1}. */
  failures: Scalars['JSON']['output'];
  /** When it completed, failed or was cancelled. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  id?: Maybe<Scalars['ID']['output']>;
  /** The languages it has texts for (localized), besides its own. */
  languages: Array<Scalars['String']['output']>;
  /** Devices that reported opening it (POST /v1/devices/{deviceUuid}/opens), each once. */
  opened: Scalars['Int']['output'];
  /** Devices matched when the broadcast started. */
  recipients: Scalars['Int']['output'];
  /** When a scheduled broadcast starts sending; null when it was sent at once. */
  sendAt?: Maybe<Scalars['DateTime']['output']>;
  sent: Scalars['Int']['output'];
  /** scheduled, sending, completed, failed or cancelled. */
  status: Scalars['String']['output'];
  /** "all", "users" or "topics". */
  target: Scalars['String']['output'];
  test: Scalars['Boolean']['output'];
  timing: BroadcastTiming;
  title?: Maybe<Scalars['String']['output']>;
  /** Target "topics": the topics whose subscribers it reaches (any of them). */
  topics?: Maybe<Array<Scalars['String']['output']>>;
  /** While sending: since when APNs has not been answering (an outage); its pushes wait and are retried for APNS_RETRY_WINDOW. Null otherwise. */
  waitingForApnsSince?: Maybe<Scalars['DateTime']['output']>;
};

export type BroadcastApiKey = {
  __typename?: 'BroadcastApiKey';
  displayPrefix: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

/** Sent and failed per platform: iOS (APNs), Android (FCM), browsers (Web Push). */
export type BroadcastByPlatform = {
  __typename?: 'BroadcastByPlatform';
  android: PlatformCounts;
  ios: PlatformCounts;
  web: PlatformCounts;
};

/** Why a broadcast failed as a whole (per-device reasons are in failures). */
export type BroadcastError = {
  __typename?: 'BroadcastError';
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type BroadcastPage = {
  __typename?: 'BroadcastPage';
  nextCursor?: Maybe<Scalars['String']['output']>;
  notifications: Array<Broadcast>;
};

export type BroadcastTiming = {
  __typename?: 'BroadcastTiming';
  /** From the request (or sendAt) to the last device; null until it has finished, and for a cancelled one. */
  durationMs?: Maybe<Scalars['Int']['output']>;
};

/** A broadcast a push service refused because of a Clarion setting (APNS_TOPIC, APNS_ENV, the APNs key, FCM_CREDENTIALS, the VAPID key): which, and what to check. */
export type ConfigurationError = {
  __typename?: 'ConfigurationError';
  at: Scalars['DateTime']['output'];
  message: Scalars['String']['output'];
  notificationId: Scalars['ID']['output'];
};

export type CreatedApiKey = {
  __typename?: 'CreatedApiKey';
  apiKey: ApiKey;
  /** The key itself: shown this once; only its hash is kept. */
  key: Scalars['String']['output'];
};

export type CreatedIdentityKey = {
  __typename?: 'CreatedIdentityKey';
  key: IdentityKey;
  /** PKCS#8 PEM of a pair Clarion made, shown only in this answer and never stored; null when you registered your own public key. */
  privateKey?: Maybe<Scalars['String']['output']>;
};

/** A new invitation, with its link: shown only here (only a hash of its token is kept). */
export type CreatedInvitation = {
  __typename?: 'CreatedInvitation';
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  /** Whether it was also e-mailed (SMTP_URL set and the server took it). */
  emailSent: Scalars['Boolean']['output'];
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  invitedByEmail?: Maybe<Scalars['String']['output']>;
  role: Role;
  /** The link to pass on: <DASHBOARD_URL>/invitations/<token>. Works once, for 7 days. */
  url: Scalars['String']['output'];
};

export type CreatedWebhook = {
  __typename?: 'CreatedWebhook';
  /** whsec_ and the base64 of 24 random bytes, to verify signatures with: shown only here. */
  secret: Scalars['String']['output'];
  webhook: Webhook;
};

export type Device = {
  __typename?: 'Device';
  deviceUuid: Scalars['ID']['output'];
  /** The device's language (BCP 47, canonical form), or null. */
  locale?: Maybe<Scalars['String']['output']>;
  /** "ios", "android" or "web". */
  platform: Scalars['String']['output'];
};

export type DeviceRegistration = {
  __typename?: 'DeviceRegistration';
  /** False when this token (or Web Push endpoint) was already registered and its device was returned. */
  created: Scalars['Boolean']['output'];
  /** The device's identifier; the app keeps it and uses it in subscription paths. */
  deviceUuid: Scalars['ID']['output'];
};

/** A device's subscription to an organization. */
export type DeviceSubscription = {
  __typename?: 'DeviceSubscription';
  /** False when the device was already subscribed and externalId was replaced. */
  created: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** The organization's identifier for this user, used to target them. */
  externalId?: Maybe<Scalars['String']['output']>;
  orgSlug: Scalars['String']['output'];
  /** The topics it follows, sorted: a "topics" broadcast reaches it when it names one of them. */
  topics: Array<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

/** A public key whose private half signs externalIdToken for subscriptions (verified user targeting). Clarion keeps public keys only. */
export type IdentityKey = {
  __typename?: 'IdentityKey';
  /** Always ES256 (P-256). */
  algorithm: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** The kid to put in a token's header. */
  id: Scalars['ID']['output'];
  /** SPKI PEM. */
  publicKey: Scalars['String']['output'];
};

export type Insights = {
  __typename?: 'Insights';
  /** Oldest first; the last is today. */
  days: Array<InsightsDay>;
};

/** One UTC day of an organization (today's so far). Test keys' sends are in none of it. */
export type InsightsDay = {
  __typename?: 'InsightsDay';
  /** Broadcasts that ended that day (one cancelled before it sent anything is not counted). */
  broadcasts: Scalars['Int']['output'];
  /** YYYY-MM-DD (UTC). */
  date: Scalars['String']['output'];
  /** Pushes that failed that day. */
  failed: Scalars['Int']['output'];
  /** The failed pushes by reason, e.g. {"Unregistered": 2}. */
  failures: Scalars['JSON']['output'];
  /** Opens reported that day. */
  opened: Scalars['Int']['output'];
  /** Pushes delivered that day. */
  sent: Scalars['Int']['output'];
  /** Live subscribers at the end of the day (now, for today). */
  subscribers: Scalars['Int']['output'];
  subscribersByPlatform: SubscribersByPlatform;
};

/** A pending invitation to manage an organization. Its link is never shown again after inviteMember. */
export type Invitation = {
  __typename?: 'Invitation';
  createdAt: Scalars['DateTime']['output'];
  /** Where it was sent; whoever holds the link may accept it, whatever their e-mail. */
  email: Scalars['String']['output'];
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  invitedByEmail?: Maybe<Scalars['String']['output']>;
  role: Role;
};

/** What the page behind an invitation link shows, before anyone signs in. */
export type InvitationPreview = {
  __typename?: 'InvitationPreview';
  email: Scalars['String']['output'];
  expiresAt: Scalars['DateTime']['output'];
  organizationName: Scalars['String']['output'];
  role: Role;
  status: InvitationStatus;
};

export type InvitationStatus =
  | 'accepted'
  | 'expired'
  | 'pending'
  | 'revoked';

/** A user who manages an organization. */
export type Member = {
  __typename?: 'Member';
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  role: Role;
  userId: Scalars['ID']['output'];
};

export type Membership = {
  __typename?: 'Membership';
  organization: Organization;
  role: Role;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** The signed-in user becomes a member with the invitation's role. NOT_FOUND for an unknown token; UNPROCESSABLE for a used, expired or revoked one; CONFLICT when already a member (the invitation stays pending). */
  acceptInvitation: Organization;
  /** Cancels a scheduled or sending broadcast of the API key's organization (DELETE /v1/notifications/{id}): a scheduled one never starts, a sending one starts no new page. Cancelling again answers the same; a finished one is a CONFLICT. */
  cancelNotification: Broadcast;
  /** The history's Cancel button: cancelNotification, for a member. */
  cancelOrganizationNotification: Broadcast;
  /** Sets a new password and ends every session of the user, on every device; this browser gets a new one. */
  changePassword: Viewer;
  /** Makes a live or test key for an organization the signed-in user belongs to. */
  createApiKey: CreatedApiKey;
  /** Adds an identity key (POST /v1/identity/keys); at most 10. From then on, subscribing to the organization with an externalId needs externalIdToken, and targeting by externalId reaches only subscriptions whose externalId a token proved. */
  createIdentityKey: CreatedIdentityKey;
  /** Creates an organization; the signed-in user becomes its owner. */
  createOrganization: Organization;
  createOrganizationIdentityKey: CreatedIdentityKey;
  createOrganizationWebhook: CreatedWebhook;
  /** Registers an endpoint for the live key's organization (POST /v1/webhooks); at most 10 per organization. */
  createWebhook: CreatedWebhook;
  /** Deletes a key: its tokens are no longer accepted and the subscriptions it proved are no longer reached by externalId. With no key left, externalIds are not verified. */
  deleteIdentityKey: Scalars['Boolean']['output'];
  deleteOrganizationIdentityKey: Scalars['Boolean']['output'];
  deleteOrganizationWebhook: Scalars['Boolean']['output'];
  deleteWebhook: Scalars['Boolean']['output'];
  /** Re-enables an endpoint that was disabled after its deliveries kept failing. */
  enableOrganizationWebhook: Webhook;
  /** Ends one of the viewer's sessions (its browser is signed out at its next request). NOT_FOUND for an id that is not the viewer's. */
  endSession: Scalars['Boolean']['output'];
  /** Owners invite an e-mail as owner or admin: the answer holds the link (single use, 7 days), also e-mailed when SMTP_URL is set. A pending invitation for the same e-mail is replaced. CONFLICT for a member's e-mail or past 50 pending invitations. */
  inviteMember: CreatedInvitation;
  logIn: Viewer;
  /** Ends this session. */
  logOut: Scalars['Boolean']['output'];
  /** Broadcasts a notification to the API key's organization (see docs/rest-api.md: POST /v1/notify). Rate-limited per API key. */
  notify: Broadcast;
  /** Gives the organization a new invite code; the old one stops working at once. */
  regenerateInviteCode: Organization;
  /** Registers a device by its platform's token: apnsToken (ios, hex, 64 to 200 characters), fcmToken (android) or webPush (web: the browser's PushSubscription, {endpoint, keys: {p256dh, auth}}). Rate-limited per client IP. */
  registerDevice: DeviceRegistration;
  /** Owners remove a member; anyone may remove themselves (leave; answers []). The last owner stays. Answers the members. */
  removeMember: Array<Member>;
  /** A device's user opened a notification (POST /v1/devices/{deviceUuid}/opens). Counted once per device and notification; a repeat is true and not counted again. NOT_FOUND for an unknown device, and for a notification this device was not sent (it was not in its audience). Rate-limited per client IP (OPENS_PER_MINUTE). */
  reportOpen: Scalars['Boolean']['output'];
  /** Revokes a key; /v1/notify refuses it from the next request on. */
  revokeApiKey: ApiKey;
  /** Owners revoke a pending invitation; its link stops working at once. */
  revokeInvitation: Scalars['Boolean']['output'];
  rotateOrganizationWebhookSecret: CreatedWebhook;
  /** A new secret, in effect at once: every later attempt is signed with it alone. */
  rotateWebhookSecret: CreatedWebhook;
  /** The composer: the same request as notify, sent by a member. test: true sends to at most one device and records nothing, as a test key does. Rate-limited per user like notify per key. */
  sendNotification: Broadcast;
  /** Queues a "webhook.test" event to this endpoint only. */
  sendOrganizationWebhookTest: WebhookDelivery;
  /** Owners change a member's role (new members come by inviteMember). The last owner cannot be made an admin (CONFLICT). Answers the members. */
  setMemberRole: Array<Member>;
  /** Makes an account and signs it in (sets the session cookie). */
  signUp: Viewer;
  /** Subscribes a device to an organization (public or private). Subscribing again replaces externalId. An organization with subscribeRequiresInviteCode on needs its current inviteCode; without it, or with a wrong or old one, it answers NOT_FOUND as an unknown slug does. An organization with identity keys needs externalIdToken to accept an externalId. */
  subscribeDevice: DeviceSubscription;
  /** Removes a device's subscription; NOT_FOUND when there is none. */
  unsubscribeDevice: Scalars['Boolean']['output'];
  /** Changes a device's locale (PATCH /v1/devices/{deviceUuid}); null removes it. NOT_FOUND for an unknown device. Rate-limited per client IP like subscribing. */
  updateDevice: Device;
  /** Changes the fields given (owner or admin). logoUrl and brandColor are cleared with an empty string. */
  updateOrganization: Organization;
};


export type MutationAcceptInvitationArgs = {
  token: Scalars['String']['input'];
};


export type MutationCancelNotificationArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCancelOrganizationNotificationArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type MutationChangePasswordArgs = {
  currentPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
};


export type MutationCreateApiKeyArgs = {
  kind: Scalars['String']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  organizationId: Scalars['ID']['input'];
};


export type MutationCreateIdentityKeyArgs = {
  publicKey?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateOrganizationArgs = {
  brandColor?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  isPublic?: InputMaybe<Scalars['Boolean']['input']>;
  logoUrl?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  slug: Scalars['String']['input'];
};


export type MutationCreateOrganizationIdentityKeyArgs = {
  organizationId: Scalars['ID']['input'];
  publicKey?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateOrganizationWebhookArgs = {
  events: Array<Scalars['String']['input']>;
  organizationId: Scalars['ID']['input'];
  url: Scalars['String']['input'];
};


export type MutationCreateWebhookArgs = {
  events: Array<Scalars['String']['input']>;
  url: Scalars['String']['input'];
};


export type MutationDeleteIdentityKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteOrganizationIdentityKeyArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type MutationDeleteOrganizationWebhookArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type MutationDeleteWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationEnableOrganizationWebhookArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type MutationEndSessionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationInviteMemberArgs = {
  email: Scalars['String']['input'];
  organizationId: Scalars['ID']['input'];
  role: Role;
};


export type MutationLogInArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationNotifyArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: Scalars['JSON']['input'];
};


export type MutationRegenerateInviteCodeArgs = {
  organizationId: Scalars['ID']['input'];
};


export type MutationRegisterDeviceArgs = {
  apnsToken?: InputMaybe<Scalars['String']['input']>;
  fcmToken?: InputMaybe<Scalars['String']['input']>;
  locale?: InputMaybe<Scalars['String']['input']>;
  platform: Scalars['String']['input'];
  webPush?: InputMaybe<Scalars['JSON']['input']>;
};


export type MutationRemoveMemberArgs = {
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationReportOpenArgs = {
  deviceUuid: Scalars['ID']['input'];
  notificationId: Scalars['String']['input'];
};


export type MutationRevokeApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRevokeInvitationArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type MutationRotateOrganizationWebhookSecretArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSendNotificationArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: Scalars['JSON']['input'];
  organizationId: Scalars['ID']['input'];
  test: Scalars['Boolean']['input'];
};


export type MutationSendOrganizationWebhookTestArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type MutationSetMemberRoleArgs = {
  organizationId: Scalars['ID']['input'];
  role: Role;
  userId: Scalars['ID']['input'];
};


export type MutationSignUpArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationSubscribeDeviceArgs = {
  deviceUuid: Scalars['ID']['input'];
  externalId?: InputMaybe<Scalars['String']['input']>;
  externalIdToken?: InputMaybe<Scalars['String']['input']>;
  inviteCode?: InputMaybe<Scalars['String']['input']>;
  orgSlug: Scalars['String']['input'];
  topics?: InputMaybe<Scalars['JSON']['input']>;
};


export type MutationUnsubscribeDeviceArgs = {
  deviceUuid: Scalars['ID']['input'];
  orgSlug: Scalars['String']['input'];
};


export type MutationUpdateDeviceArgs = {
  deviceUuid: Scalars['ID']['input'];
  locale?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUpdateOrganizationArgs = {
  brandColor?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  isPublic?: InputMaybe<Scalars['Boolean']['input']>;
  logoUrl?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  slug?: InputMaybe<Scalars['String']['input']>;
  subscribeRequiresInviteCode?: InputMaybe<Scalars['Boolean']['input']>;
};

/** An organization that broadcasts to the devices subscribed to it. */
export type Organization = {
  __typename?: 'Organization';
  /** A hex colour such as #1A2B3C. */
  brandColor?: Maybe<Scalars['String']['output']>;
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The identity keys (verified user targeting). Members only; null for everyone else. */
  identityKeys?: Maybe<Array<IdentityKey>>;
  /** Pending invitations, newest first. Members only; null for everyone else. */
  invitations?: Maybe<Array<Invitation>>;
  /** Finds the organization, public or private (GET /v1/orgs/invite/{inviteCode}). Members only; null for everyone else. */
  inviteCode?: Maybe<Scalars['String']['output']>;
  /** Public organizations can be searched; private ones are found by invite code. */
  isPublic: Scalars['Boolean']['output'];
  /** The last broadcast a push service stopped (whole, or for one platform) because it blamed a setting, until a later one completes without error. Members only; null for everyone else. */
  lastConfigurationError?: Maybe<ConfigurationError>;
  logoUrl?: Maybe<Scalars['String']['output']>;
  /** Who manages the organization. Members only; null for everyone else. */
  members?: Maybe<Array<Member>>;
  name: Scalars['String']['output'];
  /** URL-safe identifier used in paths. */
  slug: Scalars['String']['output'];
  /** Subscribing needs the current inviteCode; without it the organization answers as one that does not exist. Members only; null for everyone else. */
  subscribeRequiresInviteCode?: Maybe<Scalars['Boolean']['output']>;
  subscriberCount: Scalars['Int']['output'];
  /** Subscribed devices that can receive, per platform (kept as they change, like subscriberCount). Members only; null for everyone else. */
  subscribersByPlatform?: Maybe<SubscribersByPlatform>;
  /** The signed-in user's role here; null for non-members. */
  viewerRole?: Maybe<Role>;
  /** The webhook endpoints. Members only; null for everyone else. */
  webhooks?: Maybe<Array<Webhook>>;
};

export type OrganizationPage = {
  __typename?: 'OrganizationPage';
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
  organizations: Array<Organization>;
};

export type PlatformCounts = {
  __typename?: 'PlatformCounts';
  failed: Scalars['Int']['output'];
  sent: Scalars['Int']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** An organization's keys, for its members (dashboard session). */
  apiKeys: Array<ApiKey>;
  /** How many devices a notify request would reach now (the composer confirms this before a live send). */
  audienceSize: Scalars['Int']['output'];
  /** The live key's organization's identity keys (GET /v1/identity/keys). */
  identityKeys: Array<IdentityKey>;
  /** The API key's organization, day by day (GET /v1/insights). */
  insights: Insights;
  /** An invitation by its link's token (no sign-in needed: the token is the secret). NOT_FOUND for unknown tokens. */
  invitation: InvitationPreview;
  /** An organization the signed-in user is a member of, public or private. NOT_FOUND for others. */
  managedOrganization: Organization;
  /** The signed-in user; null without a session. */
  me?: Maybe<Viewer>;
  notification?: Maybe<Broadcast>;
  /** The API key's organization's broadcasts, newest first. */
  notifications: BroadcastPage;
  /** A public organization by slug. Private and missing organizations both answer NOT_FOUND. */
  organization?: Maybe<Organization>;
  /** Any organization, public or private, by its invite code. */
  organizationByInviteCode?: Maybe<Organization>;
  /** insights, for a member of the organization. */
  organizationInsights: Insights;
  organizationNotification?: Maybe<Broadcast>;
  /** An organization's broadcasts, newest first, for its members. */
  organizationNotifications: BroadcastPage;
  /** topics, for a member of the organization. */
  organizationTopics: Array<Topic>;
  /** Public organizations whose name, slug or description contain `search` (case-insensitive), ordered by name then id. limit: 1 to 100, default 20. */
  organizations: OrganizationPage;
  /** The API key's organization's topics with their live subscribers, the most followed first (GET /v1/topics). */
  topics: Array<Topic>;
  /** The VAPID public key (base64url of the 65-byte P-256 point) a web app passes to pushManager.subscribe as applicationServerKey. UNAVAILABLE when Web Push is off. */
  webPushPublicKey: Scalars['String']['output'];
  /** The live key's organization's webhook endpoints (GET /v1/webhooks). */
  webhooks: Array<Webhook>;
};


export type QueryApiKeysArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryAudienceSizeArgs = {
  input: Scalars['JSON']['input'];
  organizationId: Scalars['ID']['input'];
};


export type QueryInsightsArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryInvitationArgs = {
  token: Scalars['String']['input'];
};


export type QueryManagedOrganizationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryNotificationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryNotificationsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOrganizationArgs = {
  slug: Scalars['String']['input'];
};


export type QueryOrganizationByInviteCodeArgs = {
  inviteCode: Scalars['String']['input'];
};


export type QueryOrganizationInsightsArgs = {
  days?: InputMaybe<Scalars['Int']['input']>;
  organizationId: Scalars['ID']['input'];
};


export type QueryOrganizationNotificationArgs = {
  id: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
};


export type QueryOrganizationNotificationsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  organizationId: Scalars['ID']['input'];
};


export type QueryOrganizationTopicsArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryOrganizationsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};

export type Role =
  | 'admin'
  | 'owner';

/** A signed-in browser of the viewer. Its id is not the session token and cannot be used as one. */
export type Session = {
  __typename?: 'Session';
  /** When this session signed in. */
  createdAt: Scalars['DateTime']['output'];
  /** The session this request came with. */
  current: Scalars['Boolean']['output'];
  /** When it ends unless used: 7 days idle, 30 days after sign-in at most. */
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** Its last request, to the minute. */
  lastSeenAt: Scalars['DateTime']['output'];
  userAgent?: Maybe<Scalars['String']['output']>;
};

/** Subscribed devices that can receive, per platform. */
export type SubscribersByPlatform = {
  __typename?: 'SubscribersByPlatform';
  android: Scalars['Int']['output'];
  ios: Scalars['Int']['output'];
  web: Scalars['Int']['output'];
};

/** A topic the organization's subscribers follow, with how many live subscribers follow it. */
export type Topic = {
  __typename?: 'Topic';
  subscribers: Scalars['Int']['output'];
  topic: Scalars['String']['output'];
};

/** The signed-in dashboard user. */
export type Viewer = {
  __typename?: 'Viewer';
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  memberships: Array<Membership>;
  /** The viewer's signed-in sessions, newest first; `current` marks this one. */
  sessions: Array<Session>;
};

/** An endpoint that receives the organization's events, signed per Standard Webhooks. Its secret is never shown again. */
export type Webhook = {
  __typename?: 'Webhook';
  createdAt: Scalars['DateTime']['output'];
  /** Newest first, at most 100. */
  deliveries: Array<WebhookDelivery>;
  /** Set when its deliveries kept failing for 24 hours; null while enabled. */
  disabledAt?: Maybe<Scalars['DateTime']['output']>;
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** Of broadcast.completed, broadcast.failed, broadcast.cancelled and devices.unregistered. */
  events: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  lastDelivery?: Maybe<WebhookDelivery>;
  url: Scalars['String']['output'];
};


/** An endpoint that receives the organization's events, signed per Standard Webhooks. Its secret is never shown again. */
export type WebhookDeliveriesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** One event sent to one endpoint, with its attempts. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** What went wrong last (timeout, connection refused, refused address, HTTP 500...); null once delivered. */
  error?: Maybe<Scalars['String']['output']>;
  /** The event type, or "webhook.test" for the dashboard's test event. */
  event: Scalars['String']['output'];
  /** The webhook-id header (msg_...), the same on every attempt. */
  id: Scalars['ID']['output'];
  lastAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the next retry is due; null when none is. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** pending, retrying, delivered or failed (gave up after 24 hours, or its endpoint was disabled). */
  status: Scalars['String']['output'];
  /** The last answer's HTTP status; null when there was none. */
  statusCode?: Maybe<Scalars['Int']['output']>;
};

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { __typename?: 'Query', me?: { __typename?: 'Viewer', id: string, email: string, memberships: Array<{ __typename?: 'Membership', role: Role, organization: { __typename?: 'Organization', id: string, name: string, slug: string, brandColor?: string | null, logoUrl?: string | null } }> } | null };

export type BroadcastPlatformsFragment = { __typename?: 'Broadcast', byPlatform: { __typename?: 'BroadcastByPlatform', ios: { __typename?: 'PlatformCounts', sent: number, failed: number }, android: { __typename?: 'PlatformCounts', sent: number, failed: number }, web: { __typename?: 'PlatformCounts', sent: number, failed: number } } };

export type BroadcastSummaryFragment = { __typename?: 'Broadcast', id?: string | null, status: string, test: boolean, target: string, externalIds?: Array<string> | null, topics?: Array<string> | null, languages: Array<string>, title?: string | null, body: string, recipients: number, sent: number, failed: number, opened: number, failures: unknown, createdAt: string, sendAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'BroadcastError', code: string, message: string } | null, timing: { __typename?: 'BroadcastTiming', durationMs?: number | null }, apiKey?: { __typename?: 'BroadcastApiKey', id: string, name: string, displayPrefix: string } | null };

export type CancelBroadcastMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type CancelBroadcastMutation = { __typename?: 'Mutation', cancelOrganizationNotification: { __typename?: 'Broadcast', id?: string | null, status: string, test: boolean, target: string, externalIds?: Array<string> | null, topics?: Array<string> | null, languages: Array<string>, title?: string | null, body: string, recipients: number, sent: number, failed: number, opened: number, failures: unknown, createdAt: string, sendAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'BroadcastError', code: string, message: string } | null, timing: { __typename?: 'BroadcastTiming', durationMs?: number | null }, apiKey?: { __typename?: 'BroadcastApiKey', id: string, name: string, displayPrefix: string } | null } };

export type StoppedBroadcastQueryVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type StoppedBroadcastQuery = { __typename?: 'Query', organizationNotification?: { __typename?: 'Broadcast', id?: string | null, status: string, error?: { __typename?: 'BroadcastError', code: string } | null } | null };

export type OrganizationInsightsQueryVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  days?: InputMaybe<Scalars['Int']['input']>;
}>;


export type OrganizationInsightsQuery = { __typename?: 'Query', organizationInsights: { __typename?: 'Insights', days: Array<{ __typename?: 'InsightsDay', date: string, subscribers: number, broadcasts: number, sent: number, failed: number, failures: unknown, opened: number }> } };

export type RemoveManagedMemberMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
}>;


export type RemoveManagedMemberMutation = { __typename?: 'Mutation', removeMember: Array<{ __typename?: 'Member', email: string }> };

export type SetManagedMemberRoleMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
  role: Role;
}>;


export type SetManagedMemberRoleMutation = { __typename?: 'Mutation', setMemberRole: Array<{ __typename?: 'Member', email: string }> };

export type InviteManagedMemberMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  email: Scalars['String']['input'];
  role: Role;
}>;


export type InviteManagedMemberMutation = { __typename?: 'Mutation', inviteMember: { __typename?: 'CreatedInvitation', id: string, email: string, url: string, expiresAt: string, emailSent: boolean } };

export type RevokeManagedInvitationMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type RevokeManagedInvitationMutation = { __typename?: 'Mutation', revokeInvitation: boolean };

export type ViewerSessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerSessionsQuery = { __typename?: 'Query', me?: { __typename?: 'Viewer', id: string, sessions: Array<{ __typename?: 'Session', id: string, createdAt: string, lastSeenAt: string, userAgent?: string | null, current: boolean }> } | null };

export type EndViewerSessionMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type EndViewerSessionMutation = { __typename?: 'Mutation', endSession: boolean };

export type WebhookSummaryFragment = { __typename?: 'Webhook', id: string, url: string, events: Array<string>, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, deliveries: Array<{ __typename?: 'WebhookDelivery', id: string, event: string, status: string, attempts: number, statusCode?: number | null, error?: string | null, createdAt: string, lastAttemptAt?: string | null, nextAttemptAt?: string | null, deliveredAt?: string | null }> };

export type SendManagedWebhookTestMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type SendManagedWebhookTestMutation = { __typename?: 'Mutation', sendOrganizationWebhookTest: { __typename?: 'WebhookDelivery', id: string } };

export type EnableManagedWebhookMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type EnableManagedWebhookMutation = { __typename?: 'Mutation', enableOrganizationWebhook: { __typename?: 'Webhook', id: string, disabledAt?: string | null } };

export type WebhookDeliverySummaryFragment = { __typename?: 'WebhookDelivery', id: string, event: string, status: string, attempts: number, statusCode?: number | null, error?: string | null, createdAt: string, lastAttemptAt?: string | null, nextAttemptAt?: string | null, deliveredAt?: string | null };

export type CreateManagedWebhookMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  url: Scalars['String']['input'];
  events: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type CreateManagedWebhookMutation = { __typename?: 'Mutation', createOrganizationWebhook: { __typename?: 'CreatedWebhook', secret: string, webhook: { __typename?: 'Webhook', id: string, url: string } } };

export type LogOutViewerMutationVariables = Exact<{ [key: string]: never; }>;


export type LogOutViewerMutation = { __typename?: 'Mutation', logOut: boolean };

export type ChangeViewerPasswordMutationVariables = Exact<{
  currentPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
}>;


export type ChangeViewerPasswordMutation = { __typename?: 'Mutation', changePassword: { __typename?: 'Viewer', id: string } };

export type ManagedApiKeysQueryVariables = Exact<{
  organizationId: Scalars['ID']['input'];
}>;


export type ManagedApiKeysQuery = { __typename?: 'Query', apiKeys: Array<{ __typename?: 'ApiKey', id: string, name: string, kind: string, displayPrefix: string, createdAt: string, lastUsedAt?: string | null, revokedAt?: string | null }> };

export type CreateManagedApiKeyMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  kind: Scalars['String']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateManagedApiKeyMutation = { __typename?: 'Mutation', createApiKey: { __typename?: 'CreatedApiKey', key: string, apiKey: { __typename?: 'ApiKey', id: string, name: string, kind: string } } };

export type RevokeManagedApiKeyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RevokeManagedApiKeyMutation = { __typename?: 'Mutation', revokeApiKey: { __typename?: 'ApiKey', id: string, revokedAt?: string | null } };

export type LogInViewerMutationVariables = Exact<{
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
}>;


export type LogInViewerMutation = { __typename?: 'Mutation', logIn: { __typename?: 'Viewer', id: string } };

export type SignUpViewerMutationVariables = Exact<{
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
}>;


export type SignUpViewerMutation = { __typename?: 'Mutation', signUp: { __typename?: 'Viewer', id: string } };

export type ComposerOrganizationQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ComposerOrganizationQuery = { __typename?: 'Query', managedOrganization: { __typename?: 'Organization', id: string, name: string, logoUrl?: string | null, brandColor?: string | null, subscriberCount: number } };

export type ComposerAudienceQueryVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  input: Scalars['JSON']['input'];
}>;


export type ComposerAudienceQuery = { __typename?: 'Query', audienceSize: number };

export type ComposerSendMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  input: Scalars['JSON']['input'];
  test: Scalars['Boolean']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
}>;


export type ComposerSendMutation = { __typename?: 'Mutation', sendNotification: { __typename?: 'Broadcast', id?: string | null, status: string, test: boolean, recipients: number, sent: number, failed: number, failures: unknown } };

export type OrganizationIdentityKeysQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type OrganizationIdentityKeysQuery = { __typename?: 'Query', managedOrganization: { __typename?: 'Organization', id: string, slug: string, viewerRole?: Role | null, identityKeys?: Array<{ __typename?: 'IdentityKey', id: string, algorithm: string, publicKey: string, createdAt: string }> | null } };

export type CreateManagedIdentityKeyMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  publicKey?: InputMaybe<Scalars['String']['input']>;
}>;


export type CreateManagedIdentityKeyMutation = { __typename?: 'Mutation', createOrganizationIdentityKey: { __typename?: 'CreatedIdentityKey', privateKey?: string | null, key: { __typename?: 'IdentityKey', id: string } } };

export type DeleteManagedIdentityKeyMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type DeleteManagedIdentityKeyMutation = { __typename?: 'Mutation', deleteOrganizationIdentityKey: boolean };

export type InvitationPreviewQueryVariables = Exact<{
  token: Scalars['String']['input'];
}>;


export type InvitationPreviewQuery = { __typename?: 'Query', invitation: { __typename?: 'InvitationPreview', organizationName: string, email: string, role: Role, expiresAt: string, status: InvitationStatus } };

export type AcceptInvitationMutationVariables = Exact<{
  token: Scalars['String']['input'];
}>;


export type AcceptInvitationMutation = { __typename?: 'Mutation', acceptInvitation: { __typename?: 'Organization', id: string } };

export type CreateManagedOrganizationMutationVariables = Exact<{
  name: Scalars['String']['input'];
  slug: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  logoUrl?: InputMaybe<Scalars['String']['input']>;
  brandColor?: InputMaybe<Scalars['String']['input']>;
  isPublic?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type CreateManagedOrganizationMutation = { __typename?: 'Mutation', createOrganization: { __typename?: 'Organization', id: string } };

export type NotificationDetailQueryVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type NotificationDetailQuery = { __typename?: 'Query', organizationNotification?: { __typename?: 'Broadcast', id?: string | null, status: string, test: boolean, target: string, externalIds?: Array<string> | null, topics?: Array<string> | null, languages: Array<string>, title?: string | null, body: string, recipients: number, sent: number, failed: number, opened: number, failures: unknown, createdAt: string, sendAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'BroadcastError', code: string, message: string } | null, timing: { __typename?: 'BroadcastTiming', durationMs?: number | null }, apiKey?: { __typename?: 'BroadcastApiKey', id: string, name: string, displayPrefix: string } | null, byPlatform: { __typename?: 'BroadcastByPlatform', ios: { __typename?: 'PlatformCounts', sent: number, failed: number }, android: { __typename?: 'PlatformCounts', sent: number, failed: number }, web: { __typename?: 'PlatformCounts', sent: number, failed: number } } } | null };

export type NotificationHistoryQueryVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
}>;


export type NotificationHistoryQuery = { __typename?: 'Query', organizationNotifications: { __typename?: 'BroadcastPage', nextCursor?: string | null, notifications: Array<{ __typename?: 'Broadcast', id?: string | null, status: string, test: boolean, target: string, externalIds?: Array<string> | null, topics?: Array<string> | null, languages: Array<string>, title?: string | null, body: string, recipients: number, sent: number, failed: number, opened: number, failures: unknown, createdAt: string, sendAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'BroadcastError', code: string, message: string } | null, timing: { __typename?: 'BroadcastTiming', durationMs?: number | null }, apiKey?: { __typename?: 'BroadcastApiKey', id: string, name: string, displayPrefix: string } | null }> } };

export type OrganizationDetailsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type OrganizationDetailsQuery = { __typename?: 'Query', managedOrganization: { __typename?: 'Organization', id: string, name: string, slug: string, description: string, logoUrl?: string | null, brandColor?: string | null, isPublic: boolean, inviteCode?: string | null, subscriberCount: number, viewerRole?: Role | null, subscribersByPlatform?: { __typename?: 'SubscribersByPlatform', ios: number, android: number, web: number } | null, members?: Array<{ __typename?: 'Member', userId: string, email: string, role: Role, createdAt: string }> | null, invitations?: Array<{ __typename?: 'Invitation', id: string, email: string, role: Role, createdAt: string, expiresAt: string, invitedByEmail?: string | null }> | null } };

export type RegenerateManagedInviteCodeMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
}>;


export type RegenerateManagedInviteCodeMutation = { __typename?: 'Mutation', regenerateInviteCode: { __typename?: 'Organization', inviteCode?: string | null } };

export type OrganizationSettingsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type OrganizationSettingsQuery = { __typename?: 'Query', managedOrganization: { __typename?: 'Organization', id: string, name: string, slug: string, description: string, logoUrl?: string | null, brandColor?: string | null, isPublic: boolean, subscribeRequiresInviteCode?: boolean | null, lastConfigurationError?: { __typename?: 'ConfigurationError', notificationId: string, message: string, at: string } | null } };

export type UpdateManagedOrganizationMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  slug?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  logoUrl?: InputMaybe<Scalars['String']['input']>;
  brandColor?: InputMaybe<Scalars['String']['input']>;
  isPublic?: InputMaybe<Scalars['Boolean']['input']>;
  subscribeRequiresInviteCode?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type UpdateManagedOrganizationMutation = { __typename?: 'Mutation', updateOrganization: { __typename?: 'Organization', id: string } };

export type OrganizationWebhooksQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type OrganizationWebhooksQuery = { __typename?: 'Query', managedOrganization: { __typename?: 'Organization', id: string, viewerRole?: Role | null, webhooks?: Array<{ __typename?: 'Webhook', id: string, url: string, events: Array<string>, createdAt: string, disabledAt?: string | null, disabledReason?: string | null, deliveries: Array<{ __typename?: 'WebhookDelivery', id: string, event: string, status: string, attempts: number, statusCode?: number | null, error?: string | null, createdAt: string, lastAttemptAt?: string | null, nextAttemptAt?: string | null, deliveredAt?: string | null }> }> | null } };

export type DeleteManagedWebhookMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type DeleteManagedWebhookMutation = { __typename?: 'Mutation', deleteOrganizationWebhook: boolean };

export type RotateManagedWebhookSecretMutationVariables = Exact<{
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
}>;


export type RotateManagedWebhookSecretMutation = { __typename?: 'Mutation', rotateOrganizationWebhookSecret: { __typename?: 'CreatedWebhook', secret: string, webhook: { __typename?: 'Webhook', id: string, url: string } } };

export type OrganizationTopicsQueryVariables = Exact<{
  organizationId: Scalars['ID']['input'];
}>;


export type OrganizationTopicsQuery = { __typename?: 'Query', organizationTopics: Array<{ __typename?: 'Topic', topic: string, subscribers: number }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const BroadcastPlatformsFragmentDoc = new TypedDocumentString(`
    fragment BroadcastPlatforms on Broadcast {
  byPlatform {
    ios {
      sent
      failed
    }
    android {
      sent
      failed
    }
    web {
      sent
      failed
    }
  }
}
    `, {"fragmentName":"BroadcastPlatforms"}) as unknown as TypedDocumentString<BroadcastPlatformsFragment, unknown>;
export const BroadcastSummaryFragmentDoc = new TypedDocumentString(`
    fragment BroadcastSummary on Broadcast {
  id
  status
  test
  target
  externalIds
  topics
  languages
  title
  body
  recipients
  sent
  failed
  opened
  failures
  createdAt
  sendAt
  finishedAt
  error {
    code
    message
  }
  timing {
    durationMs
  }
  apiKey {
    id
    name
    displayPrefix
  }
}
    `, {"fragmentName":"BroadcastSummary"}) as unknown as TypedDocumentString<BroadcastSummaryFragment, unknown>;
export const WebhookDeliverySummaryFragmentDoc = new TypedDocumentString(`
    fragment WebhookDeliverySummary on WebhookDelivery {
  id
  event
  status
  attempts
  statusCode
  error
  createdAt
  lastAttemptAt
  nextAttemptAt
  deliveredAt
}
    `, {"fragmentName":"WebhookDeliverySummary"}) as unknown as TypedDocumentString<WebhookDeliverySummaryFragment, unknown>;
export const WebhookSummaryFragmentDoc = new TypedDocumentString(`
    fragment WebhookSummary on Webhook {
  id
  url
  events
  createdAt
  disabledAt
  disabledReason
  deliveries {
    ...WebhookDeliverySummary
  }
}
    fragment WebhookDeliverySummary on WebhookDelivery {
  id
  event
  status
  attempts
  statusCode
  error
  createdAt
  lastAttemptAt
  nextAttemptAt
  deliveredAt
}`, {"fragmentName":"WebhookSummary"}) as unknown as TypedDocumentString<WebhookSummaryFragment, unknown>;
export const ViewerDocument = new TypedDocumentString(`
    query Viewer {
  me {
    id
    email
    memberships {
      role
      organization {
        id
        name
        slug
        brandColor
        logoUrl
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ViewerQuery, ViewerQueryVariables>;
export const CancelBroadcastDocument = new TypedDocumentString(`
    mutation CancelBroadcast($organizationId: ID!, $id: ID!) {
  cancelOrganizationNotification(organizationId: $organizationId, id: $id) {
    ...BroadcastSummary
  }
}
    fragment BroadcastSummary on Broadcast {
  id
  status
  test
  target
  externalIds
  topics
  languages
  title
  body
  recipients
  sent
  failed
  opened
  failures
  createdAt
  sendAt
  finishedAt
  error {
    code
    message
  }
  timing {
    durationMs
  }
  apiKey {
    id
    name
    displayPrefix
  }
}`) as unknown as TypedDocumentString<CancelBroadcastMutation, CancelBroadcastMutationVariables>;
export const StoppedBroadcastDocument = new TypedDocumentString(`
    query StoppedBroadcast($organizationId: ID!, $id: ID!) {
  organizationNotification(organizationId: $organizationId, id: $id) {
    id
    status
    error {
      code
    }
  }
}
    `) as unknown as TypedDocumentString<StoppedBroadcastQuery, StoppedBroadcastQueryVariables>;
export const OrganizationInsightsDocument = new TypedDocumentString(`
    query OrganizationInsights($organizationId: ID!, $days: Int) {
  organizationInsights(organizationId: $organizationId, days: $days) {
    days {
      date
      subscribers
      broadcasts
      sent
      failed
      failures
      opened
    }
  }
}
    `) as unknown as TypedDocumentString<OrganizationInsightsQuery, OrganizationInsightsQueryVariables>;
export const RemoveManagedMemberDocument = new TypedDocumentString(`
    mutation RemoveManagedMember($organizationId: ID!, $userId: ID!) {
  removeMember(organizationId: $organizationId, userId: $userId) {
    email
  }
}
    `) as unknown as TypedDocumentString<RemoveManagedMemberMutation, RemoveManagedMemberMutationVariables>;
export const SetManagedMemberRoleDocument = new TypedDocumentString(`
    mutation SetManagedMemberRole($organizationId: ID!, $userId: ID!, $role: Role!) {
  setMemberRole(organizationId: $organizationId, userId: $userId, role: $role) {
    email
  }
}
    `) as unknown as TypedDocumentString<SetManagedMemberRoleMutation, SetManagedMemberRoleMutationVariables>;
export const InviteManagedMemberDocument = new TypedDocumentString(`
    mutation InviteManagedMember($organizationId: ID!, $email: String!, $role: Role!) {
  inviteMember(organizationId: $organizationId, email: $email, role: $role) {
    id
    email
    url
    expiresAt
    emailSent
  }
}
    `) as unknown as TypedDocumentString<InviteManagedMemberMutation, InviteManagedMemberMutationVariables>;
export const RevokeManagedInvitationDocument = new TypedDocumentString(`
    mutation RevokeManagedInvitation($organizationId: ID!, $id: ID!) {
  revokeInvitation(organizationId: $organizationId, id: $id)
}
    `) as unknown as TypedDocumentString<RevokeManagedInvitationMutation, RevokeManagedInvitationMutationVariables>;
export const ViewerSessionsDocument = new TypedDocumentString(`
    query ViewerSessions {
  me {
    id
    sessions {
      id
      createdAt
      lastSeenAt
      userAgent
      current
    }
  }
}
    `) as unknown as TypedDocumentString<ViewerSessionsQuery, ViewerSessionsQueryVariables>;
export const EndViewerSessionDocument = new TypedDocumentString(`
    mutation EndViewerSession($id: ID!) {
  endSession(id: $id)
}
    `) as unknown as TypedDocumentString<EndViewerSessionMutation, EndViewerSessionMutationVariables>;
export const SendManagedWebhookTestDocument = new TypedDocumentString(`
    mutation SendManagedWebhookTest($organizationId: ID!, $id: ID!) {
  sendOrganizationWebhookTest(organizationId: $organizationId, id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<SendManagedWebhookTestMutation, SendManagedWebhookTestMutationVariables>;
export const EnableManagedWebhookDocument = new TypedDocumentString(`
    mutation EnableManagedWebhook($organizationId: ID!, $id: ID!) {
  enableOrganizationWebhook(organizationId: $organizationId, id: $id) {
    id
    disabledAt
  }
}
    `) as unknown as TypedDocumentString<EnableManagedWebhookMutation, EnableManagedWebhookMutationVariables>;
export const CreateManagedWebhookDocument = new TypedDocumentString(`
    mutation CreateManagedWebhook($organizationId: ID!, $url: String!, $events: [String!]!) {
  createOrganizationWebhook(
    organizationId: $organizationId
    url: $url
    events: $events
  ) {
    secret
    webhook {
      id
      url
    }
  }
}
    `) as unknown as TypedDocumentString<CreateManagedWebhookMutation, CreateManagedWebhookMutationVariables>;
export const LogOutViewerDocument = new TypedDocumentString(`
    mutation LogOutViewer {
  logOut
}
    `) as unknown as TypedDocumentString<LogOutViewerMutation, LogOutViewerMutationVariables>;
export const ChangeViewerPasswordDocument = new TypedDocumentString(`
    mutation ChangeViewerPassword($currentPassword: String!, $newPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
    id
  }
}
    `) as unknown as TypedDocumentString<ChangeViewerPasswordMutation, ChangeViewerPasswordMutationVariables>;
export const ManagedApiKeysDocument = new TypedDocumentString(`
    query ManagedApiKeys($organizationId: ID!) {
  apiKeys(organizationId: $organizationId) {
    id
    name
    kind
    displayPrefix
    createdAt
    lastUsedAt
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<ManagedApiKeysQuery, ManagedApiKeysQueryVariables>;
export const CreateManagedApiKeyDocument = new TypedDocumentString(`
    mutation CreateManagedApiKey($organizationId: ID!, $kind: String!, $name: String) {
  createApiKey(organizationId: $organizationId, kind: $kind, name: $name) {
    key
    apiKey {
      id
      name
      kind
    }
  }
}
    `) as unknown as TypedDocumentString<CreateManagedApiKeyMutation, CreateManagedApiKeyMutationVariables>;
export const RevokeManagedApiKeyDocument = new TypedDocumentString(`
    mutation RevokeManagedApiKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<RevokeManagedApiKeyMutation, RevokeManagedApiKeyMutationVariables>;
export const LogInViewerDocument = new TypedDocumentString(`
    mutation LogInViewer($email: String!, $password: String!) {
  logIn(email: $email, password: $password) {
    id
  }
}
    `) as unknown as TypedDocumentString<LogInViewerMutation, LogInViewerMutationVariables>;
export const SignUpViewerDocument = new TypedDocumentString(`
    mutation SignUpViewer($email: String!, $password: String!) {
  signUp(email: $email, password: $password) {
    id
  }
}
    `) as unknown as TypedDocumentString<SignUpViewerMutation, SignUpViewerMutationVariables>;
export const ComposerOrganizationDocument = new TypedDocumentString(`
    query ComposerOrganization($id: ID!) {
  managedOrganization(id: $id) {
    id
    name
    logoUrl
    brandColor
    subscriberCount
  }
}
    `) as unknown as TypedDocumentString<ComposerOrganizationQuery, ComposerOrganizationQueryVariables>;
export const ComposerAudienceDocument = new TypedDocumentString(`
    query ComposerAudience($organizationId: ID!, $input: JSON!) {
  audienceSize(organizationId: $organizationId, input: $input)
}
    `) as unknown as TypedDocumentString<ComposerAudienceQuery, ComposerAudienceQueryVariables>;
export const ComposerSendDocument = new TypedDocumentString(`
    mutation ComposerSend($organizationId: ID!, $input: JSON!, $test: Boolean!, $idempotencyKey: String) {
  sendNotification(
    organizationId: $organizationId
    input: $input
    test: $test
    idempotencyKey: $idempotencyKey
  ) {
    id
    status
    test
    recipients
    sent
    failed
    failures
  }
}
    `) as unknown as TypedDocumentString<ComposerSendMutation, ComposerSendMutationVariables>;
export const OrganizationIdentityKeysDocument = new TypedDocumentString(`
    query OrganizationIdentityKeys($id: ID!) {
  managedOrganization(id: $id) {
    id
    slug
    viewerRole
    identityKeys {
      id
      algorithm
      publicKey
      createdAt
    }
  }
}
    `) as unknown as TypedDocumentString<OrganizationIdentityKeysQuery, OrganizationIdentityKeysQueryVariables>;
export const CreateManagedIdentityKeyDocument = new TypedDocumentString(`
    mutation CreateManagedIdentityKey($organizationId: ID!, $publicKey: String) {
  createOrganizationIdentityKey(
    organizationId: $organizationId
    publicKey: $publicKey
  ) {
    privateKey
    key {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<CreateManagedIdentityKeyMutation, CreateManagedIdentityKeyMutationVariables>;
export const DeleteManagedIdentityKeyDocument = new TypedDocumentString(`
    mutation DeleteManagedIdentityKey($organizationId: ID!, $id: ID!) {
  deleteOrganizationIdentityKey(organizationId: $organizationId, id: $id)
}
    `) as unknown as TypedDocumentString<DeleteManagedIdentityKeyMutation, DeleteManagedIdentityKeyMutationVariables>;
export const InvitationPreviewDocument = new TypedDocumentString(`
    query InvitationPreview($token: String!) {
  invitation(token: $token) {
    organizationName
    email
    role
    expiresAt
    status
  }
}
    `) as unknown as TypedDocumentString<InvitationPreviewQuery, InvitationPreviewQueryVariables>;
export const AcceptInvitationDocument = new TypedDocumentString(`
    mutation AcceptInvitation($token: String!) {
  acceptInvitation(token: $token) {
    id
  }
}
    `) as unknown as TypedDocumentString<AcceptInvitationMutation, AcceptInvitationMutationVariables>;
export const CreateManagedOrganizationDocument = new TypedDocumentString(`
    mutation CreateManagedOrganization($name: String!, $slug: String!, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean) {
  createOrganization(
    name: $name
    slug: $slug
    description: $description
    logoUrl: $logoUrl
    brandColor: $brandColor
    isPublic: $isPublic
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateManagedOrganizationMutation, CreateManagedOrganizationMutationVariables>;
export const NotificationDetailDocument = new TypedDocumentString(`
    query NotificationDetail($organizationId: ID!, $id: ID!) {
  organizationNotification(organizationId: $organizationId, id: $id) {
    ...BroadcastSummary
    ...BroadcastPlatforms
  }
}
    fragment BroadcastPlatforms on Broadcast {
  byPlatform {
    ios {
      sent
      failed
    }
    android {
      sent
      failed
    }
    web {
      sent
      failed
    }
  }
}
fragment BroadcastSummary on Broadcast {
  id
  status
  test
  target
  externalIds
  topics
  languages
  title
  body
  recipients
  sent
  failed
  opened
  failures
  createdAt
  sendAt
  finishedAt
  error {
    code
    message
  }
  timing {
    durationMs
  }
  apiKey {
    id
    name
    displayPrefix
  }
}`) as unknown as TypedDocumentString<NotificationDetailQuery, NotificationDetailQueryVariables>;
export const NotificationHistoryDocument = new TypedDocumentString(`
    query NotificationHistory($organizationId: ID!, $cursor: String, $limit: Int) {
  organizationNotifications(
    organizationId: $organizationId
    cursor: $cursor
    limit: $limit
  ) {
    notifications {
      ...BroadcastSummary
    }
    nextCursor
  }
}
    fragment BroadcastSummary on Broadcast {
  id
  status
  test
  target
  externalIds
  topics
  languages
  title
  body
  recipients
  sent
  failed
  opened
  failures
  createdAt
  sendAt
  finishedAt
  error {
    code
    message
  }
  timing {
    durationMs
  }
  apiKey {
    id
    name
    displayPrefix
  }
}`) as unknown as TypedDocumentString<NotificationHistoryQuery, NotificationHistoryQueryVariables>;
export const OrganizationDetailsDocument = new TypedDocumentString(`
    query OrganizationDetails($id: ID!) {
  managedOrganization(id: $id) {
    id
    name
    slug
    description
    logoUrl
    brandColor
    isPublic
    inviteCode
    subscriberCount
    viewerRole
    subscribersByPlatform {
      ios
      android
      web
    }
    members {
      userId
      email
      role
      createdAt
    }
    invitations {
      id
      email
      role
      createdAt
      expiresAt
      invitedByEmail
    }
  }
}
    `) as unknown as TypedDocumentString<OrganizationDetailsQuery, OrganizationDetailsQueryVariables>;
export const RegenerateManagedInviteCodeDocument = new TypedDocumentString(`
    mutation RegenerateManagedInviteCode($organizationId: ID!) {
  regenerateInviteCode(organizationId: $organizationId) {
    inviteCode
  }
}
    `) as unknown as TypedDocumentString<RegenerateManagedInviteCodeMutation, RegenerateManagedInviteCodeMutationVariables>;
export const OrganizationSettingsDocument = new TypedDocumentString(`
    query OrganizationSettings($id: ID!) {
  managedOrganization(id: $id) {
    id
    name
    slug
    description
    logoUrl
    brandColor
    isPublic
    subscribeRequiresInviteCode
    lastConfigurationError {
      notificationId
      message
      at
    }
  }
}
    `) as unknown as TypedDocumentString<OrganizationSettingsQuery, OrganizationSettingsQueryVariables>;
export const UpdateManagedOrganizationDocument = new TypedDocumentString(`
    mutation UpdateManagedOrganization($id: ID!, $name: String, $slug: String, $description: String, $logoUrl: String, $brandColor: String, $isPublic: Boolean, $subscribeRequiresInviteCode: Boolean) {
  updateOrganization(
    id: $id
    name: $name
    slug: $slug
    description: $description
    logoUrl: $logoUrl
    brandColor: $brandColor
    isPublic: $isPublic
    subscribeRequiresInviteCode: $subscribeRequiresInviteCode
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateManagedOrganizationMutation, UpdateManagedOrganizationMutationVariables>;
export const OrganizationWebhooksDocument = new TypedDocumentString(`
    query OrganizationWebhooks($id: ID!) {
  managedOrganization(id: $id) {
    id
    viewerRole
    webhooks {
      ...WebhookSummary
    }
  }
}
    fragment WebhookSummary on Webhook {
  id
  url
  events
  createdAt
  disabledAt
  disabledReason
  deliveries {
    ...WebhookDeliverySummary
  }
}
fragment WebhookDeliverySummary on WebhookDelivery {
  id
  event
  status
  attempts
  statusCode
  error
  createdAt
  lastAttemptAt
  nextAttemptAt
  deliveredAt
}`) as unknown as TypedDocumentString<OrganizationWebhooksQuery, OrganizationWebhooksQueryVariables>;
export const DeleteManagedWebhookDocument = new TypedDocumentString(`
    mutation DeleteManagedWebhook($organizationId: ID!, $id: ID!) {
  deleteOrganizationWebhook(organizationId: $organizationId, id: $id)
}
    `) as unknown as TypedDocumentString<DeleteManagedWebhookMutation, DeleteManagedWebhookMutationVariables>;
export const RotateManagedWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateManagedWebhookSecret($organizationId: ID!, $id: ID!) {
  rotateOrganizationWebhookSecret(organizationId: $organizationId, id: $id) {
    secret
    webhook {
      id
      url
    }
  }
}
    `) as unknown as TypedDocumentString<RotateManagedWebhookSecretMutation, RotateManagedWebhookSecretMutationVariables>;
export const OrganizationTopicsDocument = new TypedDocumentString(`
    query OrganizationTopics($organizationId: ID!) {
  organizationTopics(organizationId: $organizationId) {
    topic
    subscribers
  }
}
    `) as unknown as TypedDocumentString<OrganizationTopicsQuery, OrganizationTopicsQueryVariables>;
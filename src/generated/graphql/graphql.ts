/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
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
};

export type DeviceRegistration = {
  __typename?: 'DeviceRegistration';
  /** False when this APNs token was already registered and its device was returned. */
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
  updatedAt: Scalars['DateTime']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Registers a device by its APNs token (hex, 64 to 200 characters). Rate-limited per client IP. */
  registerDevice: DeviceRegistration;
  /** Subscribes a device to an organization (public or private). Subscribing again replaces externalId. */
  subscribeDevice: DeviceSubscription;
  /** Removes a device's subscription; NOT_FOUND when there is none. */
  unsubscribeDevice: Scalars['Boolean']['output'];
};


export type MutationRegisterDeviceArgs = {
  apnsToken: Scalars['String']['input'];
  platform: Scalars['String']['input'];
};


export type MutationSubscribeDeviceArgs = {
  deviceUuid: Scalars['ID']['input'];
  externalId?: InputMaybe<Scalars['String']['input']>;
  orgSlug: Scalars['String']['input'];
};


export type MutationUnsubscribeDeviceArgs = {
  deviceUuid: Scalars['ID']['input'];
  orgSlug: Scalars['String']['input'];
};

/** An organization that broadcasts to the devices subscribed to it. */
export type Organization = {
  __typename?: 'Organization';
  /** A hex colour such as #1A2B3C. */
  brandColor?: Maybe<Scalars['String']['output']>;
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Public organizations can be searched; private ones are found by invite code. */
  isPublic: Scalars['Boolean']['output'];
  logoUrl?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  /** URL-safe identifier used in paths. */
  slug: Scalars['String']['output'];
  subscriberCount: Scalars['Int']['output'];
};

export type OrganizationPage = {
  __typename?: 'OrganizationPage';
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
  organizations: Array<Organization>;
};

export type Query = {
  __typename?: 'Query';
  /** A public organization by slug. Private and missing organizations both answer NOT_FOUND. */
  organization?: Maybe<Organization>;
  /** Any organization, public or private, by its invite code. */
  organizationByInviteCode?: Maybe<Organization>;
  /** Public organizations whose name, slug or description contain `search` (case-insensitive), ordered by name then id. limit: 1 to 100, default 20. */
  organizations: OrganizationPage;
};


export type QueryOrganizationArgs = {
  slug: Scalars['String']['input'];
};


export type QueryOrganizationByInviteCodeArgs = {
  inviteCode: Scalars['String']['input'];
};


export type QueryOrganizationsArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};

export type RegisterDeviceMutationVariables = Exact<{
  apnsToken: Scalars['String']['input'];
  platform: Scalars['String']['input'];
}>;


export type RegisterDeviceMutation = { __typename?: 'Mutation', registerDevice: { __typename?: 'DeviceRegistration', deviceUuid: string, created: boolean } };

export type SubscribeDeviceMutationVariables = Exact<{
  deviceUuid: Scalars['ID']['input'];
  orgSlug: Scalars['String']['input'];
  externalId?: InputMaybe<Scalars['String']['input']>;
}>;


export type SubscribeDeviceMutation = { __typename?: 'Mutation', subscribeDevice: { __typename?: 'DeviceSubscription', orgSlug: string, externalId?: string | null, createdAt: string, updatedAt: string, created: boolean } };

export type UnsubscribeDeviceMutationVariables = Exact<{
  deviceUuid: Scalars['ID']['input'];
  orgSlug: Scalars['String']['input'];
}>;


export type UnsubscribeDeviceMutation = { __typename?: 'Mutation', unsubscribeDevice: boolean };

export type SearchOrganizationsQueryVariables = Exact<{
  search?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
}>;


export type SearchOrganizationsQuery = { __typename?: 'Query', organizations: { __typename?: 'OrganizationPage', nextCursor?: string | null, organizations: Array<{ __typename?: 'Organization', id: string, name: string, slug: string, logoUrl?: string | null, brandColor?: string | null, description: string, subscriberCount: number }> } };

export type PublicOrganizationFragment = { __typename?: 'Organization', id: string, name: string, slug: string, logoUrl?: string | null, brandColor?: string | null, description: string, subscriberCount: number };

export type OrganizationBySlugQueryVariables = Exact<{
  slug: Scalars['String']['input'];
}>;


export type OrganizationBySlugQuery = { __typename?: 'Query', organization?: { __typename?: 'Organization', id: string, name: string, slug: string, logoUrl?: string | null, brandColor?: string | null, description: string, subscriberCount: number } | null };

export type OrganizationByInviteCodeQueryVariables = Exact<{
  inviteCode: Scalars['String']['input'];
}>;


export type OrganizationByInviteCodeQuery = { __typename?: 'Query', organizationByInviteCode?: { __typename?: 'Organization', id: string, name: string, slug: string, logoUrl?: string | null, brandColor?: string | null, description: string, subscriberCount: number } | null };

export const PublicOrganizationFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PublicOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"logoUrl"}},{"kind":"Field","name":{"kind":"Name","value":"brandColor"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"subscriberCount"}}]}}]} as unknown as DocumentNode<PublicOrganizationFragment, unknown>;
export const RegisterDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"apnsToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"platform"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"apnsToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"apnsToken"}}},{"kind":"Argument","name":{"kind":"Name","value":"platform"},"value":{"kind":"Variable","name":{"kind":"Name","value":"platform"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deviceUuid"}},{"kind":"Field","name":{"kind":"Name","value":"created"}}]}}]}}]} as unknown as DocumentNode<RegisterDeviceMutation, RegisterDeviceMutationVariables>;
export const SubscribeDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubscribeDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deviceUuid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orgSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"externalId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribeDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"deviceUuid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deviceUuid"}}},{"kind":"Argument","name":{"kind":"Name","value":"orgSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orgSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"externalId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"externalId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orgSlug"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"created"}}]}}]}}]} as unknown as DocumentNode<SubscribeDeviceMutation, SubscribeDeviceMutationVariables>;
export const UnsubscribeDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnsubscribeDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deviceUuid"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orgSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribeDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"deviceUuid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deviceUuid"}}},{"kind":"Argument","name":{"kind":"Name","value":"orgSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orgSlug"}}}]}]}}]} as unknown as DocumentNode<UnsubscribeDeviceMutation, UnsubscribeDeviceMutationVariables>;
export const SearchOrganizationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchOrganizations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PublicOrganization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PublicOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"logoUrl"}},{"kind":"Field","name":{"kind":"Name","value":"brandColor"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"subscriberCount"}}]}}]} as unknown as DocumentNode<SearchOrganizationsQuery, SearchOrganizationsQueryVariables>;
export const OrganizationBySlugDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrganizationBySlug"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PublicOrganization"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PublicOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"logoUrl"}},{"kind":"Field","name":{"kind":"Name","value":"brandColor"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"subscriberCount"}}]}}]} as unknown as DocumentNode<OrganizationBySlugQuery, OrganizationBySlugQueryVariables>;
export const OrganizationByInviteCodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrganizationByInviteCode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inviteCode"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizationByInviteCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inviteCode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inviteCode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PublicOrganization"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PublicOrganization"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"logoUrl"}},{"kind":"Field","name":{"kind":"Name","value":"brandColor"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"subscriberCount"}}]}}]} as unknown as DocumentNode<OrganizationByInviteCodeQuery, OrganizationByInviteCodeQueryVariables>;
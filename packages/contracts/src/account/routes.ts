/**
 * Route table entries of the caller's account operations: user settings, new features,
 * host info, sessions and presence. Paths follow the links that name them (the aggregate's
 * `settings` and `newFeatures`, the network's `hostInfo`); the others are chosen in the same style
 * (docs/decisions.md, "Directory: account operations, sessions, presence and links").
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams, NoContent } from '../core/schemas.js';
import {
  HostInfoResource,
  NewFeatureParams,
  NewFeaturesResource,
  PresenceBody,
  PresenceResource,
  ProfileParams,
  SessionCollection,
  SessionParams,
  TokenStatusResource,
  UserSettingsBody,
  UserSettingsResource,
} from './resources.js';

const PROFILE = '/networks/{networkEID}/users/{profileEID}';
const common = { service: 'auth', tag: 'Network and sessions', format: 'hal' } as const;

export const accountRoutes = [
  route({
    ...common,
    id: 'userSettings.get',
    method: 'GET',
    path: `${PROFILE}/settings/`,
    summary: "The caller's own settings in the network (another person's: 404)",
    scope: 'network',
    params: ProfileParams,
    reply: { status: 200, schema: UserSettingsResource },
  }),
  route({
    ...common,
    id: 'userSettings.update',
    method: 'PUT',
    path: `${PROFILE}/settings/`,
    summary: "Set some of the caller's own settings (known keys only; `null` resets one to its default)",
    scope: 'network',
    params: ProfileParams,
    body: UserSettingsBody,
    reply: { status: 200, schema: UserSettingsResource },
  }),
  route({
    ...common,
    id: 'newFeatures.get',
    method: 'GET',
    path: `${PROFILE}/new-features/`,
    summary: 'The new features the caller has not dismissed yet',
    scope: 'network',
    params: ProfileParams,
    reply: { status: 200, schema: NewFeaturesResource },
  }),
  route({
    ...common,
    id: 'newFeatures.dismiss',
    method: 'POST',
    path: `${PROFILE}/new-features/{featureKey}/dismiss`,
    summary: 'Dismiss a new feature (once; dismissing it again changes nothing)',
    scope: 'network',
    params: NewFeatureParams,
    reply: { status: 200, schema: NewFeaturesResource },
  }),
  route({
    ...common,
    id: 'hostInfo.get',
    method: 'GET',
    path: '/networks/{networkEID}/host-info/',
    summary: 'What the host of the network serves: its host name, API versions and features',
    scope: 'network',
    params: NetworkParams,
    reply: { status: 200, schema: HostInfoResource },
  }),
  route({
    ...common,
    id: 'presence.get',
    method: 'GET',
    path: `${PROFILE}/presence/`,
    summary: "A member's presence (members of the network read it)",
    scope: 'network',
    params: ProfileParams,
    reply: { status: 200, schema: PresenceResource },
  }),
  route({
    ...common,
    id: 'presence.update',
    method: 'PUT',
    path: `${PROFILE}/presence/`,
    summary: "Set the caller's own presence (`online`, `away`, `offline`); another person's: 403",
    scope: 'network',
    params: ProfileParams,
    body: PresenceBody,
    reply: { status: 200, schema: PresenceResource },
  }),
  route({
    ...common,
    id: 'session.list',
    method: 'GET',
    path: '/sessions/',
    summary: "The caller's live sessions (token families), newest first",
    scope: 'account',
    query: PaginationQuery,
    reply: { status: 200, schema: SessionCollection },
  }),
  route({
    ...common,
    id: 'session.end',
    method: 'DELETE',
    path: '/sessions/{sessionId}/',
    summary: "End one of the caller's sessions: its tokens are revoked (another person's: 404)",
    scope: 'account',
    params: SessionParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'tokenStatus.get',
    method: 'GET',
    path: '/token-status/',
    summary: "The caller's access token: client, grant, scopes, expiry and network (never the token)",
    scope: 'account',
    reply: { status: 200, schema: TokenStatusResource },
  }),
] as const satisfies readonly RouteDefinition[];

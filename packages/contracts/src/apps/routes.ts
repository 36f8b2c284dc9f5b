/**
 * Routes of the directory area "Apps, manifests, installations, signed requests" (owned by `auth`).
 * Spec: "Other endpoints named without paths": Apps and app manifests (`add`, `remove`,
 * `signrequest`, `checkexistence`), User authorized apps. The paths are ours (docs/decisions.md,
 * "Directory: apps and manifests").
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, NoContent, strictObject } from '../core/schemas.js';
import {
  AppCollection,
  AppInstallBody,
  AppManifestBody,
  AppManifestResource,
  AppResource,
  AppSigningSecretResource,
  AuthorizedAppCollection,
  SignedRequestResource,
  SignRequestBody,
} from './resources.js';

const tag = 'Apps and app manifests';
const common = { service: 'auth', tag, format: 'hal' } as const;
const AppParams = strictObject({ appEID: Eid });
const NetworkAppParams = strictObject({ networkEID: Eid, appEID: Eid });
const ADMIN = 'MANAGE_NETWORK';

export const appsRoutes = [
  route({
    ...common,
    id: 'appManifest.get',
    method: 'GET',
    path: '/apps/{appEID}/',
    scope: 'account',
    summary:
      'Check that an app exists and read its manifest (`checkexistence`): the app itself and network administrators; 404 when no such app',
    params: AppParams,
    reply: { status: 200, schema: AppManifestResource, alsoStatus: [201] },
  }),
  route({
    ...common,
    id: 'appManifest.put',
    method: 'PUT',
    path: '/apps/{appEID}/',
    scope: 'account',
    summary:
      "Register or replace the app's manifest: only the app itself, with a client-credentials token (201 the first time, then 200)",
    params: AppParams,
    body: AppManifestBody,
    reply: { status: 200, schema: AppManifestResource },
  }),
  route({
    ...common,
    id: 'appSigningSecret.create',
    method: 'POST',
    path: '/apps/{appEID}/signing-secret',
    scope: 'account',
    summary:
      "Create (or rotate) the app's signing secret for signed requests, shown once: only the app itself, with a client-credentials token",
    params: AppParams,
    reply: { status: 201, schema: AppSigningSecretResource },
  }),
  route({
    ...common,
    id: 'app.list',
    method: 'GET',
    path: '/networks/{networkEID}/apps/',
    scope: 'network',
    summary:
      'Apps installed in the network, oldest installation first; external users see only entry points with `includeExternalUsers` (an app token sees only itself)',
    params: NetworkParams,
    query: PaginationQuery,
    reply: { status: 200, schema: AppCollection },
  }),
  route({
    ...common,
    id: 'app.install',
    method: 'POST',
    path: '/networks/{networkEID}/apps/',
    scope: 'network',
    permission: ADMIN,
    summary:
      "Install an app in the network (`add`): 201, or 200 when already installed; the installation's permissions are the manifest's",
    params: NetworkParams,
    body: AppInstallBody,
    reply: { status: 201, schema: AppResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    id: 'app.get',
    method: 'GET',
    path: '/networks/{networkEID}/apps/{appEID}/',
    scope: 'network',
    summary: 'An app installed in the network',
    params: NetworkAppParams,
    reply: { status: 200, schema: AppResource },
  }),
  route({
    ...common,
    id: 'app.remove',
    method: 'DELETE',
    path: '/networks/{networkEID}/apps/{appEID}/',
    scope: 'network',
    permission: ADMIN,
    summary:
      "Remove an app from the network (`remove`): its tokens stop reaching the network at once (app tokens and users' code-flow tokens there are revoked)",
    params: NetworkAppParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'app.signRequest',
    method: 'POST',
    path: '/networks/{networkEID}/apps/{appEID}/signrequest',
    scope: 'network',
    summary:
      'A signed request for opening the app at one of its entry points (`signrequest`): `locale`, `device`, `position`, `appData`, `role`, signed with the app’s signing secret',
    params: NetworkAppParams,
    body: SignRequestBody,
    reply: { status: 200, schema: SignedRequestResource },
  }),
  route({
    ...common,
    id: 'authorizedApp.list',
    method: 'GET',
    path: '/networks/{networkEID}/authorized-apps/',
    scope: 'network',
    tag: 'User authorized apps',
    summary: 'Apps the caller signed in to with the authorization-code flow in this network (live grants)',
    params: NetworkParams,
    query: PaginationQuery,
    reply: { status: 200, schema: AuthorizedAppCollection },
  }),
  route({
    ...common,
    id: 'authorizedApp.revoke',
    method: 'DELETE',
    path: '/networks/{networkEID}/authorized-apps/{appEID}/',
    scope: 'network',
    tag: 'User authorized apps',
    summary: "Revoke every token the app holds for the caller in this network (the user's revocation)",
    params: NetworkAppParams,
    reply: { status: 204, schema: NoContent },
  }),
] as const satisfies readonly RouteDefinition[];

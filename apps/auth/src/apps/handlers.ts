/**
 * Handlers of the route table's `appsRoutes` (packages/contracts/src/routes-apps.ts), by route id.
 * Built lazily: the map can be listed without a database (conformance test).
 */
import type { RpcRequest } from '@ncs/contracts';
import type { RpcHandler } from '@ncs/service-kit';
import type { AuthDependencies } from '../dependencies.js';
import { listAuthorizedApps, revokeAuthorizedApp } from './grants.js';
import { getApp, installAppInNetwork, listApps, removeApp } from './installations.js';
import { createSigningSecret, getManifest, type ManifestInput, putManifest } from './manifests.js';
import { issueSignedRequest, type SignRequestInput } from './signed-requests.js';

const appEID = (request: RpcRequest) => String(request.params.appEID);
const page = (request: RpcRequest) => {
  const query = request.query as { limit?: number; offset?: number };
  return { limit: Number(query.limit ?? 20), offset: Number(query.offset ?? 0) };
};

export function appsHandlers(deps: () => AuthDependencies): Record<string, RpcHandler> {
  return {
    'appManifest.get': (r) => getManifest(deps().models, r.ctx, appEID(r)),
    'appManifest.put': (r) =>
      putManifest(deps().models, deps().events, r.ctx, appEID(r), r.body as ManifestInput),
    'appSigningSecret.create': (r) => createSigningSecret(deps().models, deps().events, r.ctx, appEID(r)),
    'app.list': (r) => listApps(deps().models, r.ctx, page(r)),
    'app.install': (r) =>
      installAppInNetwork(deps().models, deps().events, r.ctx, r.body as { appEID: string }),
    'app.get': (r) => getApp(deps().models, r.ctx, appEID(r)),
    'app.remove': (r) => removeApp(deps().models, deps().events, r.ctx, appEID(r)),
    'app.signRequest': (r) => issueSignedRequest(deps().models, r.ctx, appEID(r), r.body as SignRequestInput),
    'authorizedApp.list': (r) => listAuthorizedApps(deps().models, r.ctx, page(r)),
    'authorizedApp.revoke': (r) => revokeAuthorizedApp(deps().models, deps().events, r.ctx, appEID(r)),
  };
}

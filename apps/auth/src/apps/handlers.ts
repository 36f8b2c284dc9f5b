/**
 * Handlers of the apps routes (`appsRoutes` of the route table), by route id. A constant: the
 * conformance test lists it without a database.
 */
import { appsRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import type { AppsDependencies } from './dependencies.js';
import { listAuthorizedApps, revokeAuthorizedApp } from './grants.js';
import { getApp, installAppInNetwork, listApps, removeApp } from './installations.js';
import { createSigningSecret, getManifest, putManifest } from './manifests.js';
import { issueSignedRequest } from './signed-requests.js';

export const appsHandlers = defineHandlers<AppsDependencies>()(appsRoutes, {
  'appManifest.get': ({ ctx, params }, { models }) => getManifest(models, ctx, params.appEID),
  'appManifest.put': ({ ctx, params, body }, { models, events, manifestRules }) =>
    putManifest(models, events, ctx, params.appEID, body, manifestRules),
  'appSigningSecret.create': ({ ctx, params }, { models, events, signingSecrets }) =>
    createSigningSecret(models, events, ctx, params.appEID, signingSecrets),
  'app.list': ({ ctx, query }, { models }) => listApps(models, ctx, query),
  'app.install': ({ ctx, body }, { models, events }) => installAppInNetwork(models, events, ctx, body),
  'app.get': ({ ctx, params }, { models }) => getApp(models, ctx, params.appEID),
  'app.remove': ({ ctx, params }, { models, events }) => removeApp(models, events, ctx, params.appEID),
  'app.signRequest': ({ ctx, params, body }, { models, signingSecrets }) =>
    issueSignedRequest(models, ctx, params.appEID, body, signingSecrets),
  'authorizedApp.list': ({ ctx, query }, { models }) => listAuthorizedApps(models, ctx, query),
  'authorizedApp.revoke': ({ ctx, params }, { models, events }) =>
    revokeAuthorizedApp(models, events, ctx, params.appEID),
});

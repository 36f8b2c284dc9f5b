/**
 * Handlers of the account routes (`accountRoutes` of the route table), by route id. A
 * constant: the conformance test lists it without a database.
 */
import { accountRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus } from '@ncs/service-kit';
import type { AccountDependencies } from './dependencies.js';
import { getHostInfo } from './host-info.js';
import { dismissNewFeature, getNewFeatures, getUserSettings, updateUserSettings } from './own-profile.js';
import { getPresence, updatePresence } from './presence.js';
import { endSession, getTokenStatus, listSessions } from './sessions.js';

export const accountHandlers = defineHandlers<AccountDependencies>()(accountRoutes, {
  'userSettings.get': ({ ctx, params }, { models }) => getUserSettings(models, ctx, params.profileEID),
  'userSettings.update': ({ ctx, params, body }, { models }) =>
    updateUserSettings(models, ctx, params.profileEID, body),
  'newFeatures.get': ({ ctx, params }, { models }) => getNewFeatures(models, ctx, params.profileEID),
  'newFeatures.dismiss': ({ ctx, params }, { models }) =>
    dismissNewFeature(models, ctx, params.profileEID, params.featureKey),
  'hostInfo.get': ({ ctx }, { models, networkDomain }) => getHostInfo(models, ctx, networkDomain),
  'presence.get': ({ ctx, params }, { models }) => getPresence(models, ctx, params.profileEID),
  'presence.update': ({ ctx, params, body }, { models, ephemeral }) =>
    updatePresence(models, ephemeral, ctx, params.profileEID, body.status),
  'session.list': ({ ctx, query }, { models }) => listSessions(models, ctx, query),
  'session.end': async ({ ctx, params }, { models, events }) => {
    await endSession(models, events, ctx, params.sessionId);
    return withStatus(204, null);
  },
  'tokenStatus.get': ({ ctx }, { models }) => getTokenStatus(models, ctx),
});

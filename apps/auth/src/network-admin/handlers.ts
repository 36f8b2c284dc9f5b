/**
 * Handlers of the network operations (`networkAdminRoutes` of the route table),
 * by route id: labels (labels/), features, subscription, e-mail settings and terms of service.
 */
import { networkAdminRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus } from '@ncs/service-kit';
import type { NetworkAdminDependencies } from './dependencies.js';
import { createLabel, deleteLabel, getLabel, listLabels, renameLabel } from '../labels/labels.js';
import { getEmailSettings, updateEmailSettings } from './email-settings.js';
import { getNetworkFeatures, setNetworkFeatures } from './features.js';
import { changeSubscription, getSubscription } from './subscription.js';
import { acceptTerms, getTerms, publishTerms } from './terms.js';

export const networkAdminHandlers = defineHandlers<NetworkAdminDependencies>()(networkAdminRoutes, {
  'label.list': ({ ctx, query }, { models }) => listLabels(models, ctx, query),
  'label.create': async ({ ctx, body }, { models, events }) =>
    withStatus(201, await createLabel(models, events, ctx, body.name)),
  'label.get': ({ ctx, params }, { models }) => getLabel(models, ctx, params.labelEID),
  'label.update': ({ ctx, params, body }, { models, events }) =>
    renameLabel(models, events, ctx, params.labelEID, body.name),
  'label.delete': async ({ ctx, params }, { models, events }) => {
    await deleteLabel(models, events, ctx, params.labelEID);
    return withStatus(204, null);
  },
  'networkFeatures.get': ({ ctx }, { models }) => getNetworkFeatures(models, ctx),
  'networkFeatures.set': ({ ctx, body }, { models, events }) =>
    setNetworkFeatures(models, events, ctx, body as Readonly<Record<string, boolean | undefined>>),
  'networkSubscription.get': ({ ctx }, { models }) => getSubscription(models, ctx),
  'networkSubscription.upgrade': ({ ctx, body }, { models, events }) =>
    changeSubscription(models, events, ctx, 'upgrade', body.plan),
  'networkSubscription.downgrade': ({ ctx, body }, { models, events }) =>
    changeSubscription(models, events, ctx, 'downgrade', body.plan),
  'emailSettings.get': ({ ctx, params }, { models }) => getEmailSettings(models, ctx, params.profileEID),
  'emailSettings.update': ({ ctx, params, body }, { models }) =>
    updateEmailSettings(models, ctx, params.profileEID, body),
  'terms.get': ({ ctx }, { models }) => getTerms(models, ctx),
  'terms.publish': ({ ctx, body }, { models, events }) => publishTerms(models, events, ctx, body.url),
  'terms.accept': ({ ctx, body }, { models }) => acceptTerms(models, ctx, body.version),
});

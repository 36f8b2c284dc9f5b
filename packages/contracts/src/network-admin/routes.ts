/**
 * Route table entries of the directory's network operations: labels, network
 * features, the network subscription, e-mail settings and the terms of service. Paths in the style
 * of the existing routes (docs/decisions.md, "Directory: network operations").
 */
import { Type } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, NoContent, strictObject } from '../core/schemas.js';
import {
  EmailSettingsBody,
  EmailSettingsResource,
  LabelBody,
  LabelCollection,
  LabelParams,
  LabelResource,
  NetworkFeaturesBody,
  NetworkFeaturesResource,
  NetworkSubscriptionResource,
  SubscriptionChangeBody,
  TermsAcceptBody,
  TermsPublishBody,
  TermsResource,
} from './resources.js';

const StrictPageQuery = Type.Object(PaginationQuery.properties, { additionalProperties: false });
const NoQuery = strictObject({});
const common = { service: 'auth', tag: 'Network and sessions', scope: 'network', format: 'hal' } as const;
const labels = { ...common, tag: 'Labels' } as const;
const LABELS = '/networks/{networkEID}/labels';
const ProfileParams = strictObject({ networkEID: Eid, profileEID: Eid });

export const networkAdminRoutes = [
  route({
    ...labels,
    id: 'label.list',
    method: 'GET',
    path: `${LABELS}/`,
    summary: 'Labels of the network, by name (members)',
    params: NetworkParams,
    query: StrictPageQuery,
    reply: { status: 200, schema: LabelCollection },
  }),
  route({
    ...labels,
    id: 'label.create',
    method: 'POST',
    path: `${LABELS}/`,
    summary: 'Create a label (administrators); its name is unique in the network whatever the case',
    params: NetworkParams,
    query: NoQuery,
    body: LabelBody,
    reply: { status: 201, schema: LabelResource },
  }),
  route({
    ...labels,
    id: 'label.get',
    method: 'GET',
    path: `${LABELS}/{labelEID}/`,
    summary: 'A label (members)',
    params: LabelParams,
    reply: { status: 200, schema: LabelResource },
  }),
  route({
    ...labels,
    id: 'label.update',
    method: 'PUT',
    path: `${LABELS}/{labelEID}/`,
    summary: 'Rename a label (administrators)',
    params: LabelParams,
    query: NoQuery,
    body: LabelBody,
    reply: { status: 200, schema: LabelResource },
  }),
  route({
    ...labels,
    id: 'label.delete',
    method: 'DELETE',
    path: `${LABELS}/{labelEID}/`,
    summary: 'Delete a label (administrators)',
    params: LabelParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'networkFeatures.get',
    method: 'GET',
    path: '/networks/{networkEID}/features/',
    summary: "The network's features, on and off (members; apps with `edit_network_features`)",
    params: NetworkParams,
    reply: { status: 200, schema: NetworkFeaturesResource },
  }),
  route({
    ...common,
    id: 'networkFeatures.set',
    method: 'PUT',
    path: '/networks/{networkEID}/features/',
    summary:
      'Turn features on (`true`) or off (`false`); those left out stay (administrators; apps with `edit_network_features`)',
    params: NetworkParams,
    query: NoQuery,
    body: NetworkFeaturesBody,
    reply: { status: 200, schema: NetworkFeaturesResource },
  }),
  route({
    ...common,
    id: 'networkSubscription.get',
    method: 'GET',
    path: '/networks/{networkEID}/subscription/',
    summary: "The network's plan (members; apps with `edit_network_subscription`)",
    params: NetworkParams,
    reply: { status: 200, schema: NetworkSubscriptionResource },
  }),
  route({
    ...common,
    id: 'networkSubscription.upgrade',
    method: 'POST',
    path: '/networks/{networkEID}/subscription/upgrade',
    summary: 'Move to a higher plan (administrators; apps with `edit_network_subscription`)',
    params: NetworkParams,
    query: NoQuery,
    body: SubscriptionChangeBody,
    reply: { status: 200, schema: NetworkSubscriptionResource },
  }),
  route({
    ...common,
    id: 'networkSubscription.downgrade',
    method: 'POST',
    path: '/networks/{networkEID}/subscription/downgrade',
    summary: 'Move to a lower plan (administrators; apps with `edit_network_subscription`)',
    params: NetworkParams,
    query: NoQuery,
    body: SubscriptionChangeBody,
    reply: { status: 200, schema: NetworkSubscriptionResource },
  }),
  route({
    ...common,
    id: 'emailSettings.get',
    method: 'GET',
    path: '/networks/{networkEID}/users/{profileEID}/email-settings/',
    summary: "The caller's own e-mail notification settings in the network (another person's: 404)",
    params: ProfileParams,
    reply: { status: 200, schema: EmailSettingsResource },
  }),
  route({
    ...common,
    id: 'emailSettings.update',
    method: 'PUT',
    path: '/networks/{networkEID}/users/{profileEID}/email-settings/',
    summary: "Set some of the caller's e-mail settings (known keys only; `null` resets one)",
    params: ProfileParams,
    query: NoQuery,
    body: EmailSettingsBody,
    reply: { status: 200, schema: EmailSettingsResource },
  }),
  route({
    ...common,
    id: 'terms.get',
    method: 'GET',
    path: '/networks/{networkEID}/terms/',
    summary: "The network's current terms of service and whether the caller accepted them",
    params: NetworkParams,
    reply: { status: 200, schema: TermsResource },
  }),
  route({
    ...common,
    id: 'terms.publish',
    method: 'PUT',
    path: '/networks/{networkEID}/terms/',
    summary: 'Publish a new version of the terms of service (administrators)',
    params: NetworkParams,
    query: NoQuery,
    body: TermsPublishBody,
    reply: { status: 200, schema: TermsResource },
  }),
  route({
    ...common,
    id: 'terms.accept',
    method: 'POST',
    path: '/networks/{networkEID}/terms/accept',
    summary: 'Accept the current version of the terms of service (accepting again changes nothing)',
    params: NetworkParams,
    query: NoQuery,
    body: TermsAcceptBody,
    reply: { status: 200, schema: TermsResource },
  }),
] as const satisfies readonly RouteDefinition[];

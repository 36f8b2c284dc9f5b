/**
 * A walk of every endpoint the spec names, against the route table, so that a client written from
 * the spec alone meets no 404. The spec is not available where the tests run, so its rows are
 * copied here as literal data: the method and path of every row of its "Endpoints" tables exactly
 * as it writes them (parameter names and trailing slashes included), the two rows it writes
 * without a path, and the operations of its section "Other endpoints named without paths", which
 * gives no paths at all: for those the route ids that serve them are our mapping.
 *
 * The end-to-end counterpart (tests/e2e/platform/spec-endpoints.test.ts) sends each path row to
 * the running stack.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '@ncs/contracts';

/** `unspecified`: the spec does not show the method ("A method shown as `unspecified` …"). */
type SpecMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'unspecified';

/** The rows of the spec's "Endpoints" tables that have a path, in its order. */
const pathRows: readonly (readonly [SpecMethod, string])[] = [
  // Token service ({auth_url})
  ['GET', '{network_url}/auth'],
  ['POST', '{auth_url}/oauth/v2/token'],
  // Network and sessions
  ['GET', '/networks/{networkEID}/'],
  ['PUT', '/networks/{networkEID}'],
  ['GET', '/networks/{networkEID}/aggregate/'],
  ['GET', '/whoami/'],
  ['GET', '/lobby/data'],
  ['GET', '/networks/{networkEID}/badgecounters/'],
  ['GET', '/networks/{networkEID}/scheduled-items/'],
  ['GET', '/networks/{networkEID}/menu/'],
  ['PUT', '/networks/{networkEID}/menu/'],
  ['GET', '/networks/{networkEID}/widgets/'],
  ['GET', '/networks/{network}/invitations/'],
  ['GET', '/networks/{networkEID}/users/'],
  ['GET', '/networks/{networkEID}/users/{profileEID}/'],
  ['unspecified', '/networks/{eid}/users/xid/{xid}/'],
  ['GET', '/users/{profileEID}/postable-types'],
  // Search, timeline, alerts, messages
  ['GET', '/networks/{networkEID}/search/'],
  ['GET', '/networks/{networkEID}/timeline/'],
  ['unspecified', '/alerts/markread'],
  ['GET', '/network/{networkEID}/messages/'],
  ['POST', '/network/{networkEID}/news/{messageEID}/duplicate/'],
  ['POST', '/networks/{networkEID}/chat/messages/{messageId}/delete'],
  ['unspecified', '/push-notifications/debug/'],
  ['unspecified', '/my-devices/'],
  ['unspecified', '/whitelabel-apps/'],
  // Tasks and polls
  ['GET', '/networks/{eid}/tasks/'],
  ['GET', '/network/{networkEID}/tasks/{taskEID}/recipients/'],
  ['GET', '/networks/{networkEID}/tasks/{eid}/progress/'],
  ['POST', '/polls/{eid}/reactivate'],
  ['unspecified', '/polls/{pollEID}/voters/{answerEID}/'],
  // Knowledge base
  ['GET', '/networks/{networkEID}/knowledge-base/home/'],
  ['PUT', '/networks/{networkEID}/knowledge-base/home'],
  ['PATCH', '/networks/{networkEID}/knowledge-base/home/title'],
  ['unspecified', '/networks/{networkEID}/knowledge-base/categories/{categoryEID}/'],
  ['POST', '/networks/{networkEID}/knowledge-base/categories/{eid}/highlight'],
  ['POST', '/networks/{networkEID}/knowledge-base/categories/{eid}/unhighlight'],
  ['POST', '/networks/{networkEID}/knowledge-base/categories/{eid}/managers/'],
  ['DELETE', '/networks/{networkEID}/knowledge-base/categories/{eid}/managers/{profileEid}/'],
  ['GET', '/networks/{networkEID}/knowledge-base/categories/{eid}/managers/'],
  // AI assistants
  ['GET', '/networks/{networkEID}/ai-assistants-settings/'],
  ['PUT', '/networks/{networkEID}/ai-assistants-settings/'],
  ['POST', '/networks/{networkEID}/ai-assistants/'],
  ['POST', '/networks/{networkEID}/ai-assistants-settings/welcome-message/dispatch'],
  // Journeys
  ['POST', '/networks/{networkEID}/journeys/{journeyEID}/questions/'],
  ['POST', '/networks/{networkEID}/journeys/{journeyEID}/steps/questions/{stepEID}/submit'],
];

/** The rows of the "Endpoints" tables that name endpoints instead of giving a path. */
const pathlessRows: readonly (readonly [SpecMethod, string, readonly string[]])[] = [
  ['unspecified', 'page create and edit endpoints', ['page.create', 'page.update']],
  ['GET', 'journeys collection and single resource', ['journey.list', 'journey.get']],
];

/**
 * The section "Other endpoints named without paths", one operation per entry as the spec lists
 * them, with the routes that serve each. The spec shows no paths, so this mapping is ours.
 */
const namedOperations: readonly (readonly [string, readonly string[]])[] = [
  ['Group types', ['groupType.list']],
  [
    'Group relations',
    ['groupRelation.list', 'groupRelation.create', 'groupRelation.get', 'groupRelation.delete'],
  ],
  ['Group users add', ['groupUsers.add']],
  ['Group users merge', ['groupUsers.merge']],
  // The organisational units are groups of a `groupType`, served by the group routes.
  ['Business unit', ['group.list', 'group.create', 'group.get', 'group.update', 'group.delete']],
  ['Department', ['group.list', 'group.create', 'group.get', 'group.update', 'group.delete']],
  ['Local department', ['group.list', 'group.create', 'group.get', 'group.update', 'group.delete']],
  ['Labels', ['label.list', 'label.create', 'label.get', 'label.update', 'label.delete']],
  ['Roles', ['role.list']],
  ['Roles changeroles on network', ['profile.changeRole']],
  ['Network features', ['networkFeatures.get', 'networkFeatures.set']],
  ['Network subscription', ['networkSubscription.get']],
  ['Network subscription upgrade', ['networkSubscription.upgrade']],
  ['Network subscription downgrade', ['networkSubscription.downgrade']],
  ['Email settings', ['emailSettings.get', 'emailSettings.update']],
  ['Sessions', ['session.list', 'session.end']],
  ['Presence', ['presence.get', 'presence.update']],
  ['Widgets', ['widget.list', 'widget.create', 'widget.update', 'widget.delete']],
  // A spotlight widget is a group widget of its own kind, with its items set apart.
  ['Spotlight widget', ['groupWidget.create', 'spotlightItems.set']],
  [
    'Group widgets',
    ['groupWidget.list', 'groupWidget.create', 'groupWidget.get', 'groupWidget.update', 'groupWidget.delete'],
  ],
  ['Apps and app manifests', ['app.list', 'app.get', 'appManifest.get', 'appManifest.put']],
  ['Apps add', ['app.install']],
  ['Apps remove', ['app.remove']],
  ['Apps signrequest', ['app.signRequest']],
  ['Apps checkexistence', ['appManifest.get']],
  ['User authorized apps', ['authorizedApp.list', 'authorizedApp.revoke']],
  ['User devices', ['device.list', 'device.register', 'device.remove']],
  ['Token status', ['tokenStatus.get']],
  ['User settings', ['userSettings.get', 'userSettings.update']],
  ['User new features', ['newFeatures.get', 'newFeatures.dismiss']],
  ['Invitations', ['invitation.list', 'invitation.create', 'invitation.get', 'invitation.accept']],
  ['Message action like', ['message.like']],
  ['Message action unlike', ['message.unlike']],
  ['Message action read', ['message.read']],
  ['Message action move', ['message.move']],
  ['Message action remove', ['message.remove']],
  ['Message action share', ['message.share']],
  ['Message action subscribe', ['message.subscribe']],
  ['Message action unsubscribe', ['message.unsubscribe']],
  ['Message action rsvp', ['event.rsvp']],
  ['Message action cancel', ['event.cancel']],
  ['Message action reinstate', ['event.reinstate']],
  ['Message action crop', ['message.crop']],
  ['user suspend', ['profile.suspend']],
  ['accept terms of service', ['terms.accept']],
  ['sync-user', ['syncUser.sync']],
  ['resolvelocation', ['location.resolve']],
  ['host-info', ['hostInfo.get']],
  // Playback is the download route: it answers `Range` requests (206), as video players need.
  ['File video stream playback', ['file.download']],
  ['File temporary', ['file.uploadTemporary']],
  ['default avatars', ['defaultAvatar.get']],
  ['default emblems', ['defaultEmblem.get']],
  ['branding CSS', ['branding.css']],
];

/**
 * The path as the gateway matches it: the token service and a network's web host are the gateway
 * itself (ARCHITECTURE §7), parameter names do not matter, and the router ignores a trailing slash
 * (`ignoreTrailingSlash`). Nothing else is equated: `/network/…` is served only where the table
 * has that path, so the singular stays singular.
 */
function normalised(path: string): string {
  return path
    .replace(/^\{(?:network_url|auth_url)\}/, '')
    .replace(/\{\w+\}/g, '{}')
    .replace(/(.)\/$/, '$1');
}

/** The ids of the routes that serve `method path` (any method when the spec does not show it). */
function servingRoutes(method: SpecMethod, path: string): string[] {
  const wanted = normalised(path);
  return routes
    .filter((r) => normalised(r.path) === wanted && (method === 'unspecified' || r.method === method))
    .map((r) => r.id);
}

const routeIds = new Set(routes.map((r) => r.id));

describe('every path row of the spec is served by a route of the table', () => {
  it.each(pathRows)('%s %s', (method, path) => {
    expect(servingRoutes(method, path)).not.toEqual([]);
  });
});

describe('every row without a path maps to routes of the table', () => {
  it.each(pathlessRows)('%s %s', (method, _row, ids) => {
    expect(ids.filter((id) => !routeIds.has(id))).toEqual([]);
    const methods = ids.map((id) => routes.find((r) => r.id === id)?.method);
    if (method !== 'unspecified') expect(methods.filter((m) => m !== method)).toEqual([]);
  });
});

describe('every operation named without a path maps to routes of the table', () => {
  it.each(namedOperations)('%s', (_operation, ids) => {
    expect(ids).not.toEqual([]);
    expect(ids.filter((id) => !routeIds.has(id))).toEqual([]);
  });
});

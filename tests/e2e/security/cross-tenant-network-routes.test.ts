/**
 * Cross-tenant matrix: for EVERY route of the table scoped to a network, an
 * administrator of another network gets 404, never the resource and never a hint that it exists:
 *
 * 1. with the victim network's EID in the path (read, update and delete alike, whatever the body);
 * 2. with their OWN network's EID and the victim's resource EIDs (a valid body, so the request
 *    reaches the owning service and only the tenant check can refuse it).
 *
 * And no write takes an EID, network, role or bot flag from its body (mass assignment).
 *
 * The route list comes from the route table, so a new route is covered the day it is added; a
 * route whose path parameter or body has no sample here (or in cross-tenant-setup.ts) fails until
 * one is written.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '@ncs/contracts';
import { call } from '../../support/api.js';
import { closeFactories } from '../../support/factories/core.js';
// Journeys.
import { quizQuestion } from '../../support/factories/journeys.js';
import {
  attacker,
  attackerToken,
  fixtures,
  useCrossTenantFixtures,
  victim,
  victimToken,
  type Fixtures,
} from './cross-tenant-setup.js';

afterAll(closeFactories);
useCrossTenantFixtures();

/** A valid body per route id (the same body is fine for both networks). */
const sampleBodies: Readonly<Record<string, (victim: Fixtures) => unknown>> = {
  'home.update': () => ({ description: 'Cross-tenant' }),
  'home.setTitle': () => ({ title: 'Cross-tenant' }),
  'category.create': () => ({ name: 'Cross-tenant' }),
  'category.update': () => ({ name: 'Cross-tenant' }),
  'categoryManager.assign': (victim) => ({ profileEID: victim.profileEID }),
  'page.create': () => ({ title: 'Cross-tenant', body: 'Body' }),
  'page.update': () => ({ title: 'Cross-tenant' }),
  'menu.update': () => ({ customLinks: [{ label: 'Cross-tenant', url: 'https://example.com/' }] }),
  'theme.create': () => ({ name: 'Cross-tenant', buttonColor: '#112233' }),
  'theme.update': () => ({ name: 'Cross-tenant' }),
  'group.create': () => ({ name: 'Cross-tenant' }),
  'group.update': () => ({ name: 'Cross-tenant' }),
  'groupMember.add': (victim) => ({ profileEID: victim.profileEID }),
  'groupMember.update': () => ({ role: 'member' }),
  'network.update': () => ({ allowChatCustomSettings: true }),
  'profile.update': () => ({ aboutMe: 'Cross-tenant' }),
  'profile.changeRole': () => ({ role: 'member' }),
  'profileXid.update': () => ({ aboutMe: 'Cross-tenant' }),
  'invitation.create': () => ({ email: 'cross-tenant@victim.example' }),
  'app.install': (victim) => ({ appEID: victim.appEID }),
  'app.signRequest': () => ({ entryPoint: 'main', device: 'web', position: 'menu' }),
  'message.create': () => ({ type: 'update', htmlBody: '<p>Cross-tenant</p>' }),
  'comment.create': () => ({ htmlBody: '<p>Cross-tenant</p>' }),
  // Message actions.
  'message.edit': () => ({ htmlBody: '<p>Cross-tenant</p>' }),
  // Hashtags.
  'tag.follow': () => ({ alertCategory: 'activity' }),
  'message.move': () => ({ group: null }),
  'message.share': () => ({ htmlBody: '<p>Cross-tenant</p>' }),
  // Emoji reactions.
  'reaction.add': () => ({ emoji: '👍' }),
  // Files: crop: the victim's image file (attached or not, the message's network refuses first).
  'message.crop': (victim) => ({
    file: { type: 'file', EID: victim.fileEID },
    x: 0,
    y: 0,
    width: 1,
    height: 1,
  }),
  // Events.
  'event.rsvp': () => ({ rsvp: 'yes' }),
  // Notifications: alerts.
  'alert.markread': () => ({ category: 'all' }),
  // Chat and the AI assistant.
  'aiAssistantSettings.update': () => ({ companyInfo: 'Cross-tenant' }),
  'aiAssistant.create': () => ({}),
  'conversation.create': (victim) => ({ participants: [{ type: 'user', EID: victim.profileEID }] }),
  'conversationMessage.create': () => ({ htmlBody: '<p>Cross-tenant</p>' }),
  'chatMessage.delete': () => ({ reason: 'Cross-tenant' }),
  // Journeys.
  'journey.create': () => ({ name: 'Cross-tenant' }),
  'journey.update': () => ({ name: 'Cross-tenant' }),
  'journeyQuestion.create': () => quizQuestion(),
  'journeyQuestion.submit': () => ({ choices: ['f'.repeat(24)] }),
  // Directory: account operations.
  'userSettings.update': () => ({ language: 'en' }),
  'presence.update': () => ({ status: 'online' }),
  // Devices, push and white-label apps.
  'device.register': () => ({
    notificationProvider: 'fcm',
    pushToken: 'cross-tenant-token',
    platform: 'android',
  }),
  'whitelabelApp.create': () => ({
    projectId: 'cross-tenant',
    notificationProvider: 'fcm',
    notificationProviderVersion: 'v1',
    platform: 'android',
    downloadUrl: 'https://apps.example/download',
  }),
  // Notifications: app alerts and the live stream.
  'appAlert.send': (victim) => ({ recipients: [{ type: 'user', EID: victim.profileEID }] }),
  // Directory: group operations and app permissions.
  'groupRequest.create': () => ({ message: 'Cross-tenant' }),
  // Directory: network operations.
  'label.create': () => ({ name: 'Cross-tenant' }),
  'label.update': () => ({ name: 'Cross-tenant' }),
  'networkFeatures.set': () => ({ video: true }),
  'syncUser.sync': () => ({
    XID: 'cross-tenant',
    firstName: 'Cross',
    lastName: 'Tenant',
    username: 'cross-tenant',
  }),
  'networkSubscription.upgrade': () => ({ plan: 'enterprise' }),
  'networkSubscription.downgrade': () => ({ plan: 'free' }),
  'emailSettings.update': () => ({ news: false }),
  'terms.publish': () => ({ url: 'https://example.com/terms' }),
  'terms.accept': () => ({ version: 1 }),
  // Files and folders: refused (404) before its multipart body is read.
  'file.upload': () => ({ file: 'x' }),
  'folder.create': () => ({ name: 'Cross-tenant folder' }),
  'folder.update': () => ({ name: 'Renamed' }),
  // Files: attachments and temporary uploads.
  'file.uploadTemporary': () => ({ file: 'x' }),
  // Directory (group operations): relations, users add/merge, widgets.
  'groupRelation.create': (victim) => ({ subgroup: { type: 'group', EID: victim.subgroupEID } }),
  'groupUsers.add': (victim) => ({ users: [victim.profileEID] }),
  'groupUsers.merge': (victim) => ({ users: [victim.profileEID] }),
  'groupWidget.create': () => ({ widgetType: 'links' }),
  // Network widgets (administrators write them; the `{widgetEID}` fixture is a group widget of the
  // victim's, which no network route may reach either).
  'widget.create': () => ({ widgetType: 'birthdays' }),
  'widget.update': () => ({ visible: false }),
  'groupWidget.update': () => ({ title: 'Cross-tenant' }),
  'spotlightItems.set': () => ({ items: [] }),
};

/** Query parameters a route requires. */
const sampleQueries: Readonly<Record<string, string>> = {
  'search.list': 'type=knowledge_base_article&q=cross',
  // News and scheduled items.
  'scheduledItems.list': 'types=update,news',
  // Notifications (the live stream): a stream that ends after a second (the control reads it whole).
  'stream.open': 'closeAfter=1',
  // Directory: network operations.
  'location.resolve': 'q=Paris',
};

const networkRoutes = routes.filter((r) => r.scope === 'network' && r.path.includes('{networkEID}'));

function pathFor(route: RouteDefinition, networkEID: string): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'networkEID') return networkEID;
    const value = fixtures[name];
    if (!value) throw new Error(`no fixture for {${name}} of ${route.id}: add one to cross-tenant-setup.ts`);
    return value;
  });
  const query = sampleQueries[route.id];
  return query ? `${path}?${query}` : path;
}

function bodyFor(route: RouteDefinition): unknown {
  if (!route.body) return undefined;
  const sample = sampleBodies[route.id];
  if (!sample)
    throw new Error(`no sample body for ${route.id}: add one to cross-tenant-network-routes.test.ts`);
  return sample(fixtures);
}

// Notifications (app webhooks): the routes only the app itself reads (a user is 404,
// as are other apps: e2e/webhooks/delivery.test.ts).
const appOnlyRoutes = new Set([
  'webhookEndpoint.get',
  'webhookSecret.get',
  'webhookDelivery.list',
  'webhookDelivery.get',
]);

/**
 * Hashtags: routes whose only other parameter is a word every network may use (a tag), not a
 * resource of the victim's: in the attacker's own network they answer the attacker's own tag (200),
 * never a message or a standing of the victim's.
 */
const namedInEveryNetwork = new Set(['tag.get', 'tag.messages', 'tag.follow', 'tag.unfollow']);

describe('every network route answers 404 to another network’s administrator', () => {
  it('covers routes of every method', () => {
    expect(new Set(networkRoutes.map((r) => r.method))).toEqual(
      new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
  });

  it.each(networkRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_label, route) => {
    const body = bodyFor(route);
    // 1. The victim's network in the path: 404 whatever the body (even an invalid one).
    for (const json of body === undefined ? [undefined] : [body, { notAField: true }]) {
      const answer = await call(pathFor(route, victim.networkEID), {
        method: route.method,
        token: attackerToken,
        ...(json === undefined ? {} : { json }),
      });
      expect(answer.status, `${route.id} via the victim's network: ${answer.text}`).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    // 2. The attacker's own network with the victim's resources: 404 from the owning service.
    if (/\{(?!networkEID\})\w+\}/.test(route.path)) {
      const answer = await call(pathFor(route, attacker.networkEID), {
        method: route.method,
        token: attackerToken,
        ...(body === undefined ? {} : { json: body }),
      });
      if (namedInEveryNetwork.has(route.id)) {
        expect(answer.status, `${route.id} via the attacker's network: ${answer.text}`).toBe(200);
        expect(answer.text).not.toContain(victim.networkEID);
        if ((answer.body as { type?: string }).type === 'collection')
          expect((answer.body as { total: number }).total).toBe(0);
      } else {
        expect(answer.status, `${route.id} via the attacker's network: ${answer.text}`).toBe(404);
      }
    }
    // Control: the victim's own administrator reads the same resources (the fixtures are real).
    // (App webhooks: only the app itself reads them, controlled in e2e/webhooks/delivery.test.ts.)
    if (route.method === 'GET' && !appOnlyRoutes.has(route.id)) {
      const own = await call(pathFor(route, victim.networkEID), { token: victimToken });
      expect(own.status, `${route.id} for the victim: ${own.text}`).toBe(200);
    }
  });
});

describe('mass assignment: writes carrying EID, networkEID, _id, role or isBot never change them', () => {
  const injected = {
    EID: 'ffffffffffffffffffffffff',
    _id: 'ffffffffffffffffffffffff',
    networkEID: 'eeeeeeeeeeeeeeeeeeeeeeee',
    role: 'owner',
    isBot: true,
  };
  const writeRoutes = networkRoutes.filter(
    // Files and folders: an upload's body is multipart bytes, with no fields to inject.
    (r) => r.body && ['POST', 'PUT', 'PATCH'].includes(r.method) && r.bodyMediaType !== 'multipart/form-data',
  );

  it.each(writeRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_label, route) => {
    const answer = await call<Record<string, unknown>>(pathFor(route, victim.networkEID), {
      method: route.method,
      token: victimToken,
      json: { ...(bodyFor(route) as Record<string, unknown>), ...injected },
    });
    if (answer.status === 400) {
      // Refused, naming a field it will not take.
      expect(answer.text).toMatch(/EID|_id|networkEID|role|isBot/);
      return;
    }
    expect(answer.status, answer.text).toBeLessThan(300);
    const resource = answer.body;
    expect(resource.EID).not.toBe(injected.EID);
    expect(resource._id).toBeUndefined();
    if ('networkEID' in resource) expect(resource.networkEID).toBe(victim.networkEID);
    expect(resource.role).not.toBe(injected.role);
    expect(resource.isBot ?? false).toBe(false);
  });
});

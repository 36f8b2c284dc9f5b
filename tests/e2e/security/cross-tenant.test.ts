/**
 * Cross-tenant matrix: for EVERY route of the table scoped to a network, an
 * administrator of another network gets 404, never the resource and never a hint that it exists:
 *
 * 1. with the victim network's EID in the path (read, update and delete alike, whatever the body);
 * 2. with their OWN network's EID and the victim's resource EIDs (a valid body, so the request
 *    reaches the owning service and only the tenant check can refuse it).
 *
 * The route list comes from the route table, so a new route is covered the day it is added; a
 * route whose path parameter or body has no sample here fails until one is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '@ncs/contracts';
import { call } from '../../support/api.js';
import { installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import { setXid } from '../../support/factories/directory.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newKbCategory, newKbPage } from '../../support/factories/kb.js';
import { newMessage } from '../../support/factories/messages.js';
import { followJob, newNews, type JobBody } from '../../support/factories/news.js';
// Tasks.
import { newTask, userRef } from '../../support/factories/tasks.js';
// Journeys.
import { newJourney, quizQuestion } from '../../support/factories/journeys.js';

afterAll(closeFactories);

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
  'message.move': () => ({ group: null }),
  'message.share': () => ({ htmlBody: '<p>Cross-tenant</p>' }),
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

/** The victim network's resources, by path parameter name. */
type Fixtures = Record<string, string>;

let victim: TestNetwork;
let attacker: TestNetwork;
let victimToken: string;
let attackerToken: string;
let fixtures: Fixtures;

beforeAll(async () => {
  [victim, attacker] = await Promise.all([newNetwork('Victim'), newNetwork('Attacker')]);
  [victimToken, attackerToken] = await Promise.all([victim.admin.token(), attacker.admin.token()]);
  const member = await victim.newMember();
  const categoryEID = await newKbCategory(victim.networkEID, victimToken);
  const pageEID = await newKbPage(victim.networkEID, categoryEID, victimToken);
  const assigned = await call(
    `/networks/${victim.networkEID}/knowledge-base/categories/${categoryEID}/managers/`,
    { token: victimToken, json: { profileEID: member.profileEID } },
  );
  expect(assigned.status).toBe(201);
  const theme = await call<{ EID: string }>(`/networks/${victim.networkEID}/themes/`, {
    token: victimToken,
    json: { name: 'Victim theme' },
  });
  expect(theme.status).toBe(201);
  const group = await call<{ EID: string }>(`/networks/${victim.networkEID}/groups/`, {
    token: victimToken,
    json: { name: 'Victim group' },
  });
  expect(group.status).toBe(201);
  const joined = await call(`/networks/${victim.networkEID}/groups/${group.body.EID}/members/`, {
    token: victimToken,
    json: { profileEID: member.profileEID },
  });
  expect(joined.status).toBe(201);
  await setXid(victim, member.profileEID, 'victim-xid');
  const invitation = await call<{ EID: string }>(`/networks/${victim.networkEID}/invitations/`, {
    token: victimToken,
    json: { email: `invitee-${victim.subdomain}@victim.example` },
  });
  expect(invitation.status, invitation.text).toBe(201);
  const app = await newApp({ name: 'Victim app' });
  await registerManifest(app);
  await installOverHttp(victim, app);
  const message = await newMessage(victim.networkEID, victimToken);
  // News and scheduled items: a job (a duplication) of the victim's.
  const news = await newNews(victim.networkEID, victimToken);
  const job = await call<{ EID: string }>(`/networks/${victim.networkEID}/news/${news.EID}/duplicate/`, {
    token: victimToken,
    method: 'POST',
  });
  expect(job.status, job.text).toBe(202);
  const started = await call<JobBody>(`/networks/${victim.networkEID}/news/${news.EID}/addressee-exports/`, {
    token: victimToken,
    method: 'POST',
  });
  expect(started.status, started.text).toBe(202);
  const exported = await followJob(started.body, victimToken);
  fixtures = {
    messageEID: message.EID,
    profileEID: member.profileEID,
    categoryEID,
    pageEID,
    themeEID: theme.body.EID,
    groupEID: group.body.EID,
    xid: 'victim-xid',
    invitationEID: invitation.body.EID,
    appEID: app.clientId,
    jobEID: job.body.EID,
    exportEID: exported.EID,
  };
  // Tasks: a task of the victim's (its progress and recipients).
  fixtures.taskEID = (
    await newTask(victim.networkEID, victimToken, { assignees: [userRef(member.profileEID)] })
  ).EID;
  // Chat and the AI assistant: the victim has the feature (its GETs answer 200).
  const chat = await import('../../support/factories/chat.js');
  await chat.addNetworkFeature(victim.networkEID, 'ai_assistant_settings');
  // A conversation of the victim's and one of its messages.
  const conversation = await chat.startConversation(victim, victimToken, [member.profileEID]);
  fixtures.conversationEID = conversation.body.EID;
  fixtures.messageId = (
    await chat.sendChat(victim, victimToken, conversation.body.EID, '<p>Hi</p>')
  ).body.EID;
  // Journeys: a journey of the victim's and its question step.
  const journey = await newJourney(victim.networkEID, victimToken, {
    steps: [{ kind: 'question', ...quizQuestion() }],
  });
  Object.assign(fixtures, { journeyEID: journey.EID, stepEID: journey.steps[0]!.EID });
  // Directory (account operations): a key of the new-features list.
  fixtures.featureKey = 'tasks';
  // Directory (group operations): a pending membership request of the member's.
  const groupOps = await import('../../support/factories/group-ops.js');
  await groupOps.storeMembershipRequest(victim.networkEID, group.body.EID, member.profileEID);
  // Directory (network operations): a label of the victim's.
  const netOps = await import('../../support/factories/network-ops.js');
  fixtures.labelEID = await netOps.newLabel(victim.networkEID, victimToken, 'Victim label');
  // Files and folders: the root folder of the victim's group and a file in it.
  const files = await import('../../support/factories/files.js');
  fixtures.folderEID = files.rootFolderOf(group.body.EID);
  fixtures.fileEID = (await files.newFile(victim.networkEID, group.body.EID, victimToken)).EID;
  // Files (media): a whitelisted thumbnail size (the file above is an image).
  fixtures.size = '390x170';
  // Directory (group operations): a subgroup of the victim's group and a widget of it.
  const groupDirectory = await import('../../support/factories/group-directory.js');
  fixtures.subgroupEID = (
    await (
      await import('../../support/factories/groups.js')
    ).newGroup(victim.networkEID, victimToken, { parent: { type: 'group', EID: group.body.EID } })
  ).EID;
  fixtures.widgetEID = (await groupDirectory.newWidget(victim.networkEID, group.body.EID, victimToken)).EID;
});

const networkRoutes = routes.filter((r) => r.scope === 'network' && r.path.includes('{networkEID}'));

function pathFor(route: RouteDefinition, networkEID: string): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'networkEID') return networkEID;
    const value = fixtures[name];
    if (!value) throw new Error(`no fixture for {${name}} of ${route.id}: add one to cross-tenant.test.ts`);
    return value;
  });
  const query = sampleQueries[route.id];
  return query ? `${path}?${query}` : path;
}

function bodyFor(route: RouteDefinition): unknown {
  if (!route.body) return undefined;
  const sample = sampleBodies[route.id];
  if (!sample) throw new Error(`no sample body for ${route.id}: add one to cross-tenant.test.ts`);
  return sample(fixtures);
}

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
      expect(answer.status, `${route.id} via the attacker's network: ${answer.text}`).toBe(404);
    }
    // Control: the victim's own administrator reads the same resources (the fixtures are real).
    // (App webhooks: only the app itself reads them, controlled in e2e/webhooks/delivery.test.ts.)
    if (route.method === 'GET' && !appOnlyRoutes.has(route.id)) {
      const own = await call(pathFor(route, victim.networkEID), { token: victimToken });
      expect(own.status, `${route.id} for the victim: ${own.text}`).toBe(200);
    }
  });
});

describe('account routes that name a network’s resource answer 404 to an outsider', () => {
  it('GET /users/{profileEID}/postable-types', async () => {
    const answer = await call(`/users/${fixtures.profileEID}/postable-types`, { token: attackerToken });
    expect(answer.status, answer.text).toBe(404);
    expect((await call(`/users/${fixtures.profileEID}/postable-types`, { token: victimToken })).status).toBe(
      200,
    );
  });

  it('POST /invitations/{invitationEID}/accept', async () => {
    const answer = await call(`/invitations/${fixtures.invitationEID}/accept`, {
      method: 'POST',
      token: attackerToken,
    });
    expect(answer.status, answer.text).toBe(404);
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

// Polls. Network-less routes whose network is their resource's (`networkFrom`,
// e.g. `/polls/{pollEID}/…`): another network's administrator gets 404, exactly as for a resource
// that does not exist (same code); the victim's own administrator reaches them.
describe('network-less routes resolved from their resource answer 404 to an outsider', () => {
  const fromResource = routes.filter((r) => r.networkFrom !== undefined);
  const resources: Fixtures = {};

  beforeAll(async () => {
    const { newPoll } = await import('../../support/factories/polls.js');
    const poll = await newPoll(victim.networkEID, victimToken);
    Object.assign(resources, { pollEID: poll.EID, answerEID: poll.poll.answers[0]!.EID });
  });

  const pathOf = (route: RouteDefinition, values: Fixtures) =>
    route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = values[name];
      if (!value) throw new Error(`no fixture for {${name}} of ${route.id}: add one to cross-tenant.test.ts`);
      return value;
    });
  const bodyOf = (route: RouteDefinition) =>
    route.body ? (route.id === 'poll.vote' ? { answerEID: resources.answerEID } : {}) : undefined;

  it('covers every such route', () => {
    expect(fromResource.map((r) => r.id).sort()).toEqual(['poll.reactivate', 'poll.vote', 'pollVoter.list']);
  });

  it.each(fromResource.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_label, route) => {
    const json = bodyOf(route);
    const options = { method: route.method, ...(json === undefined ? {} : { json }) };
    const across = await call(pathOf(route, resources), { ...options, token: attackerToken });
    expect(across.status, `${route.id} across networks: ${across.text}`).toBe(404);
    const unknown = await call(pathOf(route, { ...resources, pollEID: 'f'.repeat(24) }), {
      ...options,
      token: attackerToken,
    });
    expect(unknown.status).toBe(404);
    expect(across.body.code).toBe(unknown.body.code);
    if (route.method === 'GET') {
      const own = await call(pathOf(route, resources), { token: victimToken });
      expect(own.status, `${route.id} for the victim: ${own.text}`).toBe(200);
    }
  });
});

// Devices, push and white-label apps: a device and a white-label app of the victim's.
beforeAll(async () => {
  const { newWhitelabelApp, registerDevice, whitelabelFields } =
    await import('../../support/factories/push.js');
  fixtures.whitelabelAppEID = (
    await newWhitelabelApp(victim.networkEID, victimToken, whitelabelFields())
  ).EID;
  fixtures.deviceEID = (await registerDevice(victim.networkEID, victimToken)).EID;
});

// Notifications (app webhooks): the routes only the app itself reads (a user is 404,
// as are other apps: e2e/webhooks/delivery.test.ts), and a delivery EID for their paths.
const appOnlyRoutes = new Set([
  'webhookEndpoint.get',
  'webhookSecret.get',
  'webhookDelivery.list',
  'webhookDelivery.get',
]);
beforeAll(() => {
  fixtures.deliveryEID = 'f'.repeat(24);
});

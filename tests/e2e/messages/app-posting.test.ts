/**
 * App posting over HTTP: an app's client-credentials
 * token (from the OAuth token endpoint) posts an `app_update` to the network timeline with
 * `post_updates`, to any group (hidden ones too) with `post_to_any_group`; otherwise 403 -336.
 * The app is the author; everything else an app token asks of messaging stays 403 -307; another
 * network is 404; its permissions are read from auth's store at the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { registerManifest, minimalManifest } from '../../support/factories/apps.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup, type Collection } from '../../support/factories/groups.js';
import {
  messagesPath,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';
import { post, postingApp } from '../../support/factories/message-types.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let member: { profileEID: string; token: string };
let group: { EID: string };
let hiddenGroup: { EID: string };

beforeAll(async () => {
  network = await newNetwork('App posting');
  adminToken = await network.admin.token();
  const m = await network.newMember();
  member = { profileEID: m.profileEID, token: await m.token() };
  group = await newGroup(network.networkEID, adminToken);
  hiddenGroup = await newGroup(network.networkEID, adminToken, { hidden: true });
});

const ref = (EID: string) => ({ type: 'group', EID });

describe('an app with post_updates', () => {
  it('posts an app_update to the network timeline as its author, with appData', async () => {
    const app = await postingApp(network, ['post_updates']);
    const reader = new EventReader();
    await reader.open();
    try {
      const answer = await post(network.networkEID, app.token, {
        type: 'app_update',
        htmlBody: '<p>Build <b>green</b><script>x()</script></p>',
        appData: { build: 42, links: [{ kind: 'ci', ok: true }] },
        embeds: [{ url: 'https://ci.example/42' }],
      });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({
        type: 'app_update',
        author: { type: 'app', EID: app.appEID },
        htmlBody: '<p>Build <b>green</b></p>',
        appData: { build: 42, links: [{ kind: 'ci', ok: true }] },
        embeds: [{ url: 'https://ci.example/42' }],
        group: null,
      });
      expect(answer.body._links.author?.href).toBe(
        `${baseUrl()}/networks/${network.networkEID}/apps/${app.appEID}/`,
      );
      // Members read it on the network timeline.
      const timeline = await call<Collection<MessageBody>>(timelinePath(network.networkEID), {
        token: member.token,
      });
      const item = (timeline.body._embedded.messages ?? []).find((m) => m.EID === answer.body.EID);
      expect(item).toMatchObject({ author: { type: 'app', EID: app.appEID }, appData: { build: 42 } });
      // The event names the app as the actor and the author.
      const events = await reader.eventsOf('events.messaging.message.created', network.networkEID, 1);
      const created = events.find((e) => JSON.stringify(e.data).includes(answer.body.EID));
      expect(created).toMatchObject({
        actor: { type: 'app', EID: app.appEID },
        data: { message: { type: 'app_update', author: { type: 'app', EID: app.appEID } } },
      });
    } finally {
      await reader.close();
    }
  });

  it('may not post to a group (403 -336); a hidden group stays invisible (404)', async () => {
    const app = await postingApp(network, ['post_updates']);
    const toGroup = await post(network.networkEID, app.token, {
      type: 'app_update',
      htmlBody: '<p>x</p>',
      group: ref(group.EID),
    });
    expect(toGroup.status, toGroup.text).toBe(403);
    expect(toGroup.body.code).toBe(-336);
    const toHidden = await post(network.networkEID, app.token, {
      type: 'app_update',
      htmlBody: '<p>x</p>',
      group: ref(hiddenGroup.EID),
    });
    expect(toHidden.status, toHidden.text).toBe(404);
  });
});

describe('an app with post_to_any_group', () => {
  it('posts to any group, hidden ones too, but not to the network without post_updates', async () => {
    const app = await postingApp(network, ['post_to_any_group']);
    for (const target of [group, hiddenGroup]) {
      const answer = await post(network.networkEID, app.token, {
        type: 'app_update',
        htmlBody: '<p>Group bulletin</p>',
        group: ref(target.EID),
      });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({ group: ref(target.EID), author: { type: 'app', EID: app.appEID } });
    }
    const toNetwork = await post(network.networkEID, app.token, { type: 'app_update', htmlBody: '<p>x</p>' });
    expect(toNetwork.status, toNetwork.text).toBe(403);
    expect(toNetwork.body.code).toBe(-336);
  });
});

describe('what apps may not do', () => {
  it('without either permission: 403 -336', async () => {
    const app = await postingApp(network, ['list_groups']);
    const answer = await post(network.networkEID, app.token, { type: 'app_update', htmlBody: '<p>x</p>' });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body.code).toBe(-336);
  });

  it('other types, reading, liking and commenting stay 403 -307', async () => {
    const app = await postingApp(network, ['post_updates', 'post_to_any_group']);
    const message = await newMessage(network.networkEID, member.token);
    const asks = [
      post(network.networkEID, app.token, { type: 'update', htmlBody: '<p>x</p>' }),
      call<MessageBody>(timelinePath(network.networkEID), { token: app.token }),
      call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), { token: app.token }),
      call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/like`), {
        method: 'POST',
        token: app.token,
      }),
      call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/comments/`), {
        token: app.token,
        json: { htmlBody: '<p>x</p>' },
      }),
    ];
    for (const answer of await Promise.all(asks)) {
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.code).toBe(-307);
    }
  });

  it('bad input: 400 naming the field (appData bounds, fields app_update does not take)', async () => {
    const app = await postingApp(network, ['post_updates']);
    const cases: [Record<string, unknown>, string][] = [
      [{ appData: { a: { b: { c: { d: { e: { f: 1 } } } } } } }, '/body/appData'],
      [{ appData: { blob: 'x'.repeat(9000) } }, '/body/appData'],
      [{ appData: [1, 2] }, '/body/appData'],
      [{ headerBackground: '/h.png' }, '/body/headerBackground'],
      [{ title: 'Title' }, '/body/title'],
      [{ recipients: [{ type: 'user', EID: '0123456789abcdef01234567' }] }, '/body/recipients'],
      [{ scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }, '/body/scheduledAt'],
      // The fields of other types are refused, not silently dropped, so a client learns its mistake.
      [
        {
          poll: {
            answers: [{ text: 'A' }, { text: 'B' }],
            endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        },
        '/body/poll',
      ],
      [{ isAnonymous: true }, '/body/isAnonymous'],
      [{ task: { assignees: [{ type: 'user', EID: '0123456789abcdef01234567' }] } }, '/body/task'],
      [
        {
          event: {
            start: new Date(Date.now() + 3_600_000).toISOString(),
            end: new Date(Date.now() + 7_200_000).toISOString(),
          },
        },
        '/body/event',
      ],
    ];
    for (const [fields, pointer] of cases) {
      const answer = await post(network.networkEID, app.token, {
        type: 'app_update',
        htmlBody: '<p>x</p>',
        ...fields,
      });
      expect(answer.status, `${JSON.stringify(fields).slice(0, 80)} ${answer.text}`).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });

  it('another network (where the app is not installed) is 404', async () => {
    const app = await postingApp(network, ['post_updates']);
    const other = await newNetwork('App posting elsewhere');
    const answer = await post(other.networkEID, app.token, { type: 'app_update', htmlBody: '<p>x</p>' });
    expect(answer.status, answer.text).toBe(404);
  });

  it('a permission taken away is honoured at the next request (read from auth’s store)', async () => {
    const app = await postingApp(network, ['post_updates']);
    const first = await post(network.networkEID, app.token, { type: 'app_update', htmlBody: '<p>1</p>' });
    expect(first.status, first.text).toBe(201);
    // The app drops the permission from its manifest; the administrator reinstalls (updates) it.
    await registerManifest(app.app, { ...minimalManifest(), permissions: ['list_groups'] });
    const reinstall = await call(`/networks/${network.networkEID}/apps/`, {
      token: adminToken,
      json: { appEID: app.appEID },
    });
    expect([200, 201], reinstall.text).toContain(reinstall.status);
    const second = await post(network.networkEID, app.token, { type: 'app_update', htmlBody: '<p>2</p>' });
    expect(second.status, second.text).toBe(403);
    expect(second.body.code).toBe(-336);
  });
});

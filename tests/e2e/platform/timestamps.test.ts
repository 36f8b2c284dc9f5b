/**
 * Every timestamp any service answers is written the spec's way: ISO 8601 with a numeric offset and
 * a colon (`…+00:00`), never `…Z` (contracts' `toTimestamp`). One stack, a little of everything
 * (people, groups, invitations, themes, labels, apps, sessions; messages, comments, events, tasks,
 * polls, news, files, chat, journeys; knowledge-base categories and pages; alerts, devices,
 * white-label apps, webhook deliveries and the payload an app receives, the live stream), then the
 * whole bodies of a representative resource and collection of each service are walked for every
 * date-time value. The schema side (every `date-time` of every reply is `Timestamp`) is
 * packages/contracts/src/core/timestamps.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import { addNetworkFeature, sendChat, startConversation } from '../../support/factories/chat.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newEvent } from '../../support/factories/events.js';
import { folderPath, newFile, rootFolderOf } from '../../support/factories/files.js';
import { addMember, groupsPath, membersPath, newGroup } from '../../support/factories/groups.js';
import { journeysPath, launchedQuiz, user } from '../../support/factories/journeys.js';
import { kbPath, newKbCategory, newKbPage } from '../../support/factories/kb.js';
import { messagesPath, newComment, newMessage, timelinePath } from '../../support/factories/messages.js';
import { labelsPath, newLabel } from '../../support/factories/network-ops.js';
import { newNews } from '../../support/factories/news.js';
import { alertsPath, waitForAlert } from '../../support/factories/notifications.js';
import { newPoll } from '../../support/factories/polls.js';
import {
  devicesPath,
  mention,
  newWhitelabelApp,
  pushDebugOf,
  pushToken,
  registerDevice,
  waitUntil,
  whitelabelFields,
  whitelabelPath,
} from '../../support/factories/push.js';
import { openStream } from '../../support/factories/stream.js';
import { newTask, tasksPath, userRef } from '../../support/factories/tasks.js';
import {
  deliveriesOf,
  newGroup as newGroupAsAdmin,
  waitForDelivery,
  webhookApp,
  webhookPath,
} from '../../support/factories/webhooks.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { SPEC_FORM, timestampsIn } from '../../support/timestamps.js';

type Service = 'auth' | 'messaging' | 'knowledge-base' | 'notifications';

afterAll(closeFactories);

let network: TestNetwork;
let receiver: WebhookReceiver;

beforeAll(async () => {
  network = await newNetwork('Timestamps everywhere');
  receiver = await startWebhookReceiver();
});

afterAll(() => receiver.close());

/** GETs `path` as `token`; the body, failing unless 200. */
async function read(path: string, token: string): Promise<unknown> {
  const response = await call(path, { token });
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return response.body;
}

describe('timestamps of every service', () => {
  it('are ISO 8601 with a +hh:mm offset, never Z, in every body each service answers', async () => {
    const n = network.networkEID;
    const admin = await network.admin.token();
    const person = await network.newMember();
    const token = await person.token();
    const hook = await webhookApp(receiver, ['group.created'], [network]);

    // Auth: a group with a member, an invitation, a theme, a label, an installed app.
    const group = await newGroup(n, admin);
    await addMember(n, group.EID, admin, person.profileEID);
    const invitation = await call(`/networks/${n}/invitations/`, {
      token: admin,
      json: { email: `invitee-${network.subdomain}@timestamps.example` },
    });
    expect(invitation.status, invitation.text).toBe(201);
    const theme = await call(`/networks/${n}/themes/`, { token: admin, json: { name: 'Stamped theme' } });
    expect(theme.status, theme.text).toBe(201);
    await newLabel(n, admin, 'Stamped label');
    const app = await newApp({ name: 'Stamped app' });
    await registerManifest(app);
    await installOverHttp(network, app);

    // Messaging: an update with a comment, an event, a task due, a poll, scheduled news, a file,
    // a chat message, a launched journey, the assistant settings.
    const message = await newMessage(n, admin, { groupEID: group.EID });
    await newComment(n, message.EID, token);
    const event = await newEvent(n, admin);
    const task = await newTask(n, admin, {
      assignees: [userRef(person.profileEID)],
      dueDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const poll = await newPoll(n, admin);
    const news = await newNews(n, admin, { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
    const file = await newFile(n, group.EID, admin);
    await addNetworkFeature(n, 'ai_assistant_settings');
    const conversation = await startConversation(network, admin, [person.profileEID]);
    expect(conversation.status, conversation.text).toBeLessThan(300);
    const chat = await sendChat(network, admin, conversation.body.EID, '<p>Hello</p>');
    expect(chat.status, chat.text).toBe(201);
    const journey = await launchedQuiz(n, admin, [user(person.profileEID)]);

    // Knowledge base: a category with a page.
    const categoryEID = await newKbCategory(n, admin);
    const pageEID = await newKbPage(n, categoryEID, admin);

    // Notifications: a device, a white-label app, an alert (also on the live stream), push
    // diagnostics, a webhook delivery and what the app received.
    const stream = await openStream(n, token, { query: 'closeAfter=30' });
    expect(stream.status).toBe(200);
    await registerDevice(n, token, { pushToken: pushToken('ok') });
    const whitelabel = await newWhitelabelApp(n, admin, whitelabelFields());
    const mentionEID = await mention(n, admin, person.profileEID);
    await waitForAlert(n, token, 'mention', mentionEID);
    const streamed = await stream.waitFor((e) => e.event === 'alert');
    stream.close();
    const debug = await waitUntil(
      () => pushDebugOf(n, token),
      (d) => d.deliveries.length > 0,
    );
    await newGroupAsAdmin(network);
    const [received] = await receiver.waitFor(hook.path, 1);
    const [listed] = (await deliveriesOf(n, hook))._embedded.deliveries;
    const delivery = await waitForDelivery(n, hook, listed!.EID, (d) => d.status === 'delivered');

    const bodies: Record<Service, Record<string, unknown>> = {
      auth: {
        network: await read(`/networks/${n}/`, admin),
        profile: await read(`/networks/${n}/users/${person.profileEID}/`, admin),
        profiles: await read(`/networks/${n}/users/`, admin),
        group: await read(groupsPath(n, `${group.EID}/`), admin),
        groups: await read(groupsPath(n), admin),
        members: await read(membersPath(n, group.EID), admin),
        invitations: await read(`/networks/${n}/invitations/`, admin),
        themes: await read(`/networks/${n}/themes/`, admin),
        labels: await read(labelsPath(n), admin),
        apps: await read(`/networks/${n}/apps/`, admin),
        sessions: await read('/sessions/', token),
        tokenStatus: await read('/token-status/', token),
      },
      messaging: {
        message: await read(messagesPath(n, `${message.EID}/`), admin),
        comments: await read(messagesPath(n, `${message.EID}/comments/`), admin),
        timeline: await read(timelinePath(n), admin),
        event: await read(messagesPath(n, `${event.EID}/`), admin),
        task: await read(messagesPath(n, `${task.EID}/`), token),
        tasks: await read(tasksPath(n), token),
        poll: await read(messagesPath(n, `${poll.EID}/`), admin),
        scheduled: await read(`/networks/${n}/scheduled-items/?types=news`, admin),
        news: await read(messagesPath(n, `${news.EID}/`), admin),
        file: await read(`/networks/${n}/files/${file.EID}/`, admin),
        folder: await read(folderPath(n, rootFolderOf(group.EID)), admin),
        conversations: await read(`/networks/${n}/conversations/`, admin),
        chat: await read(`/networks/${n}/conversations/${conversation.body.EID}/messages/`, admin),
        journey: await read(journeysPath(n, journey.EID), admin),
        journeys: await read(journeysPath(n), admin),
        assistant: await read(`/networks/${n}/ai-assistants-settings/`, admin),
      },
      'knowledge-base': {
        home: await read(kbPath(n, 'home/'), admin),
        categories: await read(kbPath(n, 'categories/'), admin),
        category: await read(kbPath(n, `categories/${categoryEID}/`), admin),
        pages: await read(kbPath(n, `categories/${categoryEID}/pages/`), admin),
        page: await read(kbPath(n, `pages/${pageEID}/`), admin),
      },
      notifications: {
        devices: await read(devicesPath(n), token),
        whitelabel: await read(whitelabelPath(n, `${whitelabel.EID}/`), admin),
        alerts: await read(alertsPath(n), token),
        debug,
        stream: streamed.data,
        endpoint: await read(webhookPath(n, hook.appEID), hook.token),
        delivery,
        payload: JSON.parse(received!.body) as unknown,
      },
    };

    const found = Object.entries(bodies).flatMap(([service, named]) =>
      Object.entries(named).flatMap(([name, body]) =>
        timestampsIn(body).map(
          ([pointer, value]) => [service, `${service} ${name}${pointer}`, value] as const,
        ),
      ),
    );
    // Each service answered some, so the walk cannot pass on nothing.
    for (const service of Object.keys(bodies))
      expect(found.filter(([from]) => from === service).length, service).toBeGreaterThan(0);
    expect(
      found.filter(([, , value]) => !SPEC_FORM.test(value)).map(([, where, value]) => `${where}: ${value}`),
    ).toEqual([]);
  });
});

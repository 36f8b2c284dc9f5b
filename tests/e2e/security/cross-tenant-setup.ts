/**
 * The victim and attacker networks of the cross-tenant tests (cross-tenant-network-routes.test.ts,
 * cross-tenant-resource-routes.test.ts), and the victim's resources, by path parameter name: one of
 * each kind a route of the table names, so that each request reaches the owning service and only
 * the tenant check can refuse it.
 */
import { beforeAll, expect } from 'vitest';
import { call } from '../../support/api.js';
import { installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import { setXid } from '../../support/factories/directory.js';
import { newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newKbCategory, newKbPage } from '../../support/factories/kb.js';
import { newMessage } from '../../support/factories/messages.js';
import { followJob, newNews, type JobBody } from '../../support/factories/news.js';
// Tasks.
import { newTask, userRef } from '../../support/factories/tasks.js';
// Journeys.
import { newJourney, quizQuestion } from '../../support/factories/journeys.js';

/** The victim network's resources, by path parameter name. */
export type Fixtures = Record<string, string>;

export let victim: TestNetwork;
export let attacker: TestNetwork;
export let victimToken: string;
export let attackerToken: string;
export let fixtures: Fixtures;

/** Registers the hooks that create both networks and the victim's resources, before the file's tests. */
export function useCrossTenantFixtures(): void {
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
    const started = await call<JobBody>(
      `/networks/${victim.networkEID}/news/${news.EID}/addressee-exports/`,
      {
        token: victimToken,
        method: 'POST',
      },
    );
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
    // Emoji reactions: the emoji of a reaction taken back (percent-encoded, as in a path).
    fixtures.emoji = encodeURIComponent('👍');
    // Saved items: the victim's bookmark of its message.
    const saved = await call(`/networks/${victim.networkEID}/messages/${message.EID}/save`, {
      token: victimToken,
      method: 'POST',
    });
    expect(saved.status, saved.text).toBe(200);
    const savedItems = await call<{ _embedded: { savedItems: { EID: string }[] } }>(
      `/networks/${victim.networkEID}/saved-items/`,
      { token: victimToken },
    );
    expect(savedItems.status, savedItems.text).toBe(200);
    fixtures.savedItemEID = savedItems.body._embedded.savedItems[0]!.EID;
    // Hashtags: a tag of a message of the victim's (its tag list must stay the victim's).
    fixtures.tag = 'victimtag';
    await newMessage(victim.networkEID, victimToken, { htmlBody: '<p>#victimtag</p>' });
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

  // Devices, push and white-label apps: a device and a white-label app of the victim's.
  beforeAll(async () => {
    const { newWhitelabelApp, registerDevice, whitelabelFields } =
      await import('../../support/factories/push.js');
    fixtures.whitelabelAppEID = (
      await newWhitelabelApp(victim.networkEID, victimToken, whitelabelFields())
    ).EID;
    fixtures.deviceEID = (await registerDevice(victim.networkEID, victimToken)).EID;
  });

  // Notifications (app webhooks): a delivery EID for the paths of the routes only the app itself reads.
  beforeAll(() => {
    fixtures.deliveryEID = 'f'.repeat(24);
  });
}

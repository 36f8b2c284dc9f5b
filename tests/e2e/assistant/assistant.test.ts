/**
 * The AI assistant over HTTP (spec "AI assistants", AI welcome message, "Limits"
 * `companyInfo`, `GET /lobby/data`): settings and their feature, the 255-character limit, the bot
 * profile listed first by `scope=chat`, one assistant per network, the welcome message dispatched
 * once (also under concurrency) and auto-sent on activation exactly once
 * (docs/decisions.md, "Messaging: chat, conversations and the AI assistant").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { setNetworkFeatures } from '../../support/factories/directory.js';
import { chatMessagesFrom, newAssistantNetwork } from '../../support/factories/chat.js';

afterAll(closeFactories);

interface Settings {
  type: string;
  companyInfo: string;
  welcomeMessageActivatedAt: string | null;
  welcomeMessageAutoSendEnabled: boolean;
  assistant: { type: string; EID: string } | null;
}
/** An action's answer: the outcome under `data`. */
interface Dispatch {
  type: string;
  data: { dispatched: boolean; welcomeMessageActivatedAt: string };
}

const settingsPath = (networkEID: string) => `/networks/${networkEID}/ai-assistants-settings/`;
const dispatchPath = (networkEID: string) =>
  `/networks/${networkEID}/ai-assistants-settings/welcome-message/dispatch`;

describe('AI assistant settings', () => {
  it('answers the defaults, refuses without the feature (403), and lets only admins write', async () => {
    const network = await newNetwork();
    const adminToken = await network.admin.token();
    const memberToken = await (await network.newMember()).token();
    const off = await call<Problem>(settingsPath(network.networkEID), { token: memberToken });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe(-450);
    // The problem says which feature is missing and where an administrator turns it on.
    expect(off.body.detail).toContain('ai_assistant_settings');
    expect(off.body.detail).toContain('PUT /networks/{networkEID}/features/');

    await setNetworkFeatures(network.networkEID, ['ai_assistant_settings']);
    const read = await call<Settings>(settingsPath(network.networkEID), { token: memberToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      type: 'ai_assistant_settings',
      companyInfo: '',
      welcomeMessageActivatedAt: null,
      welcomeMessageAutoSendEnabled: false,
      assistant: null,
    });
    const byMember = await call<Problem>(settingsPath(network.networkEID), {
      method: 'PUT',
      token: memberToken,
      json: { companyInfo: 'Nope' },
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe(-451);

    const written = await call<Settings>(settingsPath(network.networkEID), {
      method: 'PUT',
      token: adminToken,
      json: { companyInfo: 'We make bicycles.', welcomeMessageAutoSendEnabled: true },
    });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({
      companyInfo: 'We make bicycles.',
      welcomeMessageAutoSendEnabled: true,
    });
    const again = await call<Settings>(settingsPath(network.networkEID), { token: memberToken });
    expect(again.body).toMatchObject({
      companyInfo: 'We make bicycles.',
      welcomeMessageAutoSendEnabled: true,
    });
  });

  it('takes companyInfo of 255 characters and refuses 256 with a 400 naming it; welcomeMessageActivatedAt is read-only', async () => {
    const { network, adminToken } = await newAssistantNetwork({ create: false });
    const put = (json: unknown) =>
      call<Settings & Problem>(settingsPath(network.networkEID), { method: 'PUT', token: adminToken, json });
    const longest = await put({ companyInfo: 'a'.repeat(255) });
    expect(longest.status).toBe(200);
    expect(longest.body.companyInfo).toHaveLength(255);
    const tooLong = await put({ companyInfo: 'a'.repeat(256) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.map((e) => e.pointer)).toContain('/body/companyInfo');
    const readOnly = await put({ welcomeMessageActivatedAt: '2026-01-01T00:00:00+00:00' });
    expect(readOnly.status).toBe(400);
    expect(
      (await call<Settings>(settingsPath(network.networkEID), { token: adminToken })).body.companyInfo,
    ).toHaveLength(255);
  });

  it('answers 404 across tenants', async () => {
    const [{ network }, other] = await Promise.all([newAssistantNetwork({ create: false }), newNetwork()]);
    const token = await other.admin.token();
    expect((await call(settingsPath(network.networkEID), { token })).status).toBe(404);
    expect((await call(dispatchPath(network.networkEID), { method: 'POST', token })).status).toBe(404);
    expect((await call(`/networks/${network.networkEID}/ai-assistants/`, { token, json: {} })).status).toBe(
      404,
    );
  });
});

describe('creating the assistant', () => {
  it('creates a bot profile listed first by scope=chat, named by the lobby; a second create is 409', async () => {
    const { network, adminToken } = await newAssistantNetwork({ create: false });
    const memberToken = await (await network.newMember()).token();
    const byMember = await call<Problem>(`/networks/${network.networkEID}/ai-assistants/`, {
      token: memberToken,
      json: {},
    });
    expect(byMember.status).toBe(403);
    const created = await call<{ type: string; profile: { EID: string }; companyInfo: string }>(
      `/networks/${network.networkEID}/ai-assistants/`,
      { token: adminToken, json: { companyInfo: 'Bikes' } },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'ai_assistant', companyInfo: 'Bikes' });
    const botEID = created.body.profile.EID;
    const bot = await call<{ isBot: boolean }>(`/networks/${network.networkEID}/users/${botEID}/`, {
      token: memberToken,
    });
    expect(bot.status).toBe(200);
    expect(bot.body.isBot).toBe(true);
    const chat = await call<{ _embedded: { users: { EID: string }[] } }>(
      `/networks/${network.networkEID}/users/?scope=chat`,
      { token: memberToken },
    );
    expect(chat.body._embedded.users[0]?.EID).toBe(botEID);
    const lobby = await call<{ config: { aiAssistantProfileEID: string | null } }>(
      `/lobby/data?network=${network.networkEID}`,
      { token: memberToken },
    );
    expect(lobby.body.config.aiAssistantProfileEID).toBe(botEID);
    const settings = await call<Settings>(settingsPath(network.networkEID), { token: memberToken });
    expect(settings.body).toMatchObject({ companyInfo: 'Bikes', assistant: { type: 'user', EID: botEID } });

    const second = await call<Problem>(`/networks/${network.networkEID}/ai-assistants/`, {
      token: adminToken,
      json: {},
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe(-452);

    // The feature off again: the lobby names no assistant.
    await setNetworkFeatures(network.networkEID, []);
    const off = await call<{ config: { aiAssistantProfileEID: string | null } }>(
      `/lobby/data?network=${network.networkEID}`,
      { token: memberToken },
    );
    expect(off.body.config.aiAssistantProfileEID).toBeNull();
  });
});

describe('the welcome message', () => {
  it('needs an assistant (409), then the first of racing dispatches stamps and welcomes every member once', async () => {
    const none = await newAssistantNetwork({ create: false });
    const early = await call<Problem>(dispatchPath(none.network.networkEID), {
      method: 'POST',
      token: none.adminToken,
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(-453);

    const { network, adminToken, assistantEID } = await newAssistantNetwork();
    const member = await network.newMember();
    const memberToken = await member.token();
    const byMember = await call(dispatchPath(network.networkEID), { method: 'POST', token: memberToken });
    expect(byMember.status).toBe(403);

    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call<Dispatch>(dispatchPath(network.networkEID), { method: 'POST', token: adminToken }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.data.dispatched)).toHaveLength(1);
    const settings = await call<Settings>(settingsPath(network.networkEID), { token: memberToken });
    expect(settings.body.welcomeMessageActivatedAt).toEqual(expect.stringMatching(/\+00:00$/));
    const later = await call<Dispatch>(dispatchPath(network.networkEID), {
      method: 'POST',
      token: adminToken,
    });
    expect(later.body).toMatchObject({
      type: 'ai_welcome_dispatch',
      data: { dispatched: false, welcomeMessageActivatedAt: settings.body.welcomeMessageActivatedAt },
    });

    for (const token of [memberToken, adminToken]) {
      expect(await chatMessagesFrom(network, token, assistantEID!)).toHaveLength(1);
    }
    // A member who joins later is not welcomed by a later dispatch.
    const newcomer = await network.newMember();
    await call(dispatchPath(network.networkEID), { method: 'POST', token: adminToken });
    expect(await chatMessagesFrom(network, await newcomer.token(), assistantEID!)).toEqual([]);
  });

  it('is auto-sent once when a membership becomes active and welcomeMessageAutoSendEnabled is on', async () => {
    const { network, adminToken, assistantEID } = await newAssistantNetwork();
    const quiet = await network.newMember();
    const welcomed = await network.newMember();
    const reactivate = async (person: typeof quiet) => {
      const suspended = await call(`/networks/${network.networkEID}/users/${person.profileEID}/suspend`, {
        method: 'POST',
        token: adminToken,
      });
      expect(suspended.status).toBe(200);
      const invited = await call(`/networks/${network.networkEID}/invitations/`, {
        token: adminToken,
        json: { email: person.email },
      });
      expect(invited.status).toBe(201);
    };
    // Auto-send off (the default): reactivation sends nothing.
    await reactivate(quiet);
    const on = await call(settingsPath(network.networkEID), {
      method: 'PUT',
      token: adminToken,
      json: { welcomeMessageAutoSendEnabled: true },
    });
    expect(on.status).toBe(200);
    await reactivate(welcomed);
    const token = await welcomed.token();
    const fromBot = (t: string) => chatMessagesFrom(network, t, assistantEID!);
    let arrived: unknown[] = [];
    for (let i = 0; i < 50 && arrived.length === 0; i += 1) {
      arrived = await fromBot(token);
      if (arrived.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(arrived).toHaveLength(1);
    // Reactivated again, or a dispatch: still once.
    await reactivate(welcomed);
    await call(dispatchPath(network.networkEID), { method: 'POST', token: adminToken });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await fromBot(await welcomed.token())).toHaveLength(1);
    expect(await fromBot(await quiet.token())).toHaveLength(1); // by the dispatch, not the activation
  });
});

/**
 * Message types and fields over HTTP: `announcement`
 * (who posts it, `superseded`), `private_message` (recipients checked with auth in one batch, on no
 * timeline, read by its participants only), `app_update` refused to people, and the fields
 * `reactable`, `embeds`, `headerBackground`, `appData`, `parentFolder`, `numRecipients`, read-only
 * `numImages`/`numVideos`/`numFiles`, each writable one answered 400 naming it when wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import { messagesPath, timelinePath, type MessageBody } from '../../support/factories/messages.js';
import { post, posted } from '../../support/factories/message-types.js';
import { uniqueSuffix } from '../../support/factories/core.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let alice: { profileEID: string; token: string };
let bob: { profileEID: string; token: string };
let carol: { profileEID: string; token: string };
let stranger: { profileEID: string; token: string };

beforeAll(async () => {
  network = await newNetwork('Message types');
  adminToken = await network.admin.token();
  const [a, b, c] = await Promise.all([network.newMember(), network.newMember(), network.newMember()]);
  alice = { profileEID: a.profileEID, token: await a.token() };
  bob = { profileEID: b.profileEID, token: await b.token() };
  carol = { profileEID: c.profileEID, token: await c.token() };
  const other = await newNetwork('Message types elsewhere');
  stranger = { profileEID: other.admin.profileEID, token: await other.admin.token() };
});

const get = (EID: string, token: string, rest = '') =>
  call<MessageBody>(messagesPath(network.networkEID, `${EID}/${rest}`), { token });
const timelineEIDs = async (token: string) => {
  const answer = await call<Collection<MessageBody>>(`${timelinePath(network.networkEID)}?limit=50`, {
    token,
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body._embedded.messages ?? []).map((m) => m.EID);
};
const user = (EID: string) => ({ type: 'user', EID });

describe('announcements', () => {
  it('a network administrator posts one to the network; a member may not (403 -340)', async () => {
    const made = await posted(network.networkEID, adminToken, {
      type: 'announcement',
      htmlBody: '<p>Office closed Friday</p>',
      headerBackground: 'https://cdn.example/header.png',
      embeds: [{ url: 'https://intranet.example/closure', title: 'Details' }],
    });
    expect(made).toMatchObject({
      type: 'announcement',
      author: user(network.admin.profileEID),
      headerBackground: 'https://cdn.example/header.png',
      embeds: [{ url: 'https://intranet.example/closure', title: 'Details' }],
      superseded: false,
      reactable: true,
      numRecipients: 0,
      numImages: 0,
      numVideos: 0,
      numFiles: 0,
      parentFolder: null,
    });
    expect(made.lastModified).toEqual(expect.any(String));
    expect(made._links.timeline).toBeDefined();
    expect(await timelineEIDs(alice.token)).toContain(made.EID);

    const refused = await post(network.networkEID, alice.token, {
      type: 'announcement',
      htmlBody: '<p>x</p>',
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe(-340);
  });

  it('in a group: who holds edit_group (its administrator), not a plain poster', async () => {
    const group = await newGroup(network.networkEID, bob.token);
    await addMember(network.networkEID, group.EID, bob.token, carol.profileEID);
    const ok = await post(network.networkEID, bob.token, {
      type: 'announcement',
      htmlBody: '<p>Group news</p>',
      group: { type: 'group', EID: group.EID },
    });
    expect(ok.status, ok.text).toBe(201);
    const refused = await post(network.networkEID, carol.token, {
      type: 'announcement',
      htmlBody: '<p>Mine</p>',
      group: { type: 'group', EID: group.EID },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe(-340);
  });

  it('a newer announcement on the same timeline supersedes the older one (with an event)', async () => {
    const own = await newNetwork('Superseding');
    const token = await own.admin.token();
    const reader = new EventReader();
    await reader.open();
    try {
      const first = await posted(own.networkEID, token, { type: 'announcement', htmlBody: '<p>v1</p>' });
      const second = await posted(own.networkEID, token, { type: 'announcement', htmlBody: '<p>v2</p>' });
      const reread = await call<MessageBody>(messagesPath(own.networkEID, `${first.EID}/`), { token });
      expect(reread.body.superseded).toBe(true);
      expect(second.superseded).toBe(false);
      const [event] = await reader.eventsOf('events.messaging.message.superseded', own.networkEID, 1);
      expect(event).toMatchObject({
        data: { message: { EID: first.EID }, supersededBy: { EID: second.EID } },
      });
    } finally {
      await reader.close();
    }
  });

  it('a person may not post an app_update (403 -340)', async () => {
    const refused = await post(network.networkEID, adminToken, { type: 'app_update', htmlBody: '<p>x</p>' });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe(-340);
  });
});

describe('private messages', () => {
  it('go to their recipients only: on no timeline, read by author and recipients, 404 to others', async () => {
    const word = `secret${uniqueSuffix()}`;
    const sent = await posted(network.networkEID, alice.token, {
      type: 'private_message',
      htmlBody: `<p>Just us ${word}</p>`,
      recipients: [user(bob.profileEID)],
    });
    expect(sent).toMatchObject({ type: 'private_message', numRecipients: 1, group: null });
    expect(sent.recipients).toBeUndefined(); // write context only
    expect(sent._links.timeline).toBeUndefined();
    expect(await timelineEIDs(adminToken)).not.toContain(sent.EID);
    expect(await timelineEIDs(bob.token)).not.toContain(sent.EID);
    // The participants' list of private messages holds it, nobody else's.
    const inbox = async (token: string) => {
      const answer = await call<Collection<MessageBody>>(
        `/networks/${network.networkEID}/private-messages/`,
        {
          token,
        },
      );
      expect(answer.status, answer.text).toBe(200);
      return (answer.body._embedded.messages ?? []).map((m) => m.EID);
    };
    expect(await inbox(bob.token)).toContain(sent.EID);
    expect(await inbox(alice.token)).toContain(sent.EID);
    expect(await inbox(carol.token)).not.toContain(sent.EID);
    expect(await inbox(adminToken)).not.toContain(sent.EID);

    expect((await get(sent.EID, bob.token)).status).toBe(200);
    expect((await get(sent.EID, alice.token)).status).toBe(200);
    for (const token of [carol.token, adminToken]) {
      const hidden = await get(sent.EID, token);
      expect(hidden.status, hidden.text).toBe(404);
      expect(hidden.body.code).toBe(-300);
    }
    // Across tenants: 404 (not revealing the network).
    expect(
      (await call(messagesPath(network.networkEID, `${sent.EID}/`), { token: stranger.token })).status,
    ).toBe(404);

    // Its comments follow it: the recipient replies, an outsider sees neither list nor comment.
    const reply = await call<MessageBody>(messagesPath(network.networkEID, `${sent.EID}/comments/`), {
      token: bob.token,
      json: { htmlBody: `<p>Reply ${word}</p>` },
    });
    expect(reply.status, reply.text).toBe(201);
    expect((await get(sent.EID, carol.token, 'comments/')).status).toBe(404);
    expect((await get(reply.body.EID, carol.token)).status).toBe(404);
    expect((await get(reply.body.EID, alice.token)).status).toBe(200);
    const like = await call(messagesPath(network.networkEID, `${sent.EID}/like`), {
      method: 'POST',
      token: carol.token,
    });
    expect(like.status).toBe(404);

    // Search finds it (and its reply) for participants only.
    const search = async (token: string) => {
      const answer = await call<Collection<MessageBody>>(
        `/networks/${network.networkEID}/search/?q=${word}&type=message`,
        { token },
      );
      expect(answer.status, answer.text).toBe(200);
      return (answer.body._embedded.results ?? []).map((m) => m.EID);
    };
    expect(await search(bob.token)).toEqual(expect.arrayContaining([sent.EID, reply.body.EID]));
    expect(await search(carol.token)).toEqual([]);
  });

  it('publishes created with its recipients', async () => {
    const own = await newNetwork('Private events');
    const token = await own.admin.token();
    const to = await own.newMember();
    const reader = new EventReader();
    await reader.open();
    try {
      const sent = await posted(own.networkEID, token, {
        type: 'private_message',
        htmlBody: '<p>Hi</p>',
        recipients: [user(to.profileEID)],
      });
      const [created] = await reader.eventsOf('events.messaging.message.created', own.networkEID, 1);
      expect(created).toMatchObject({
        data: { message: { type: 'private_message', EID: sent.EID, recipients: [user(to.profileEID)] } },
      });
    } finally {
      await reader.close();
    }
  });

  it('checks recipients: another network’s profile, nobody but the author, missing, a group: 400 naming them', async () => {
    const group = await newGroup(network.networkEID, alice.token);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ recipients: [user(bob.profileEID), user(stranger.profileEID)] }, '/body/recipients/1/EID', -339],
      [{ recipients: [user('0123456789abcdef01234567')] }, '/body/recipients/0/EID', -339],
      [{ recipients: [user(alice.profileEID)] }, '/body/recipients', -338],
      [{}, '/body/recipients', -338],
      [{ recipients: [user(bob.profileEID)], group: { type: 'group', EID: group.EID } }, '/body/group', -338],
      [{ recipients: [] }, '/body/recipients', -2],
      [{ recipients: [{ type: 'user', EID: 'nope' }] }, '/body/recipients/0/EID', -2],
    ];
    for (const [fields, pointer, code] of cases) {
      const answer = await post(network.networkEID, alice.token, {
        type: 'private_message',
        htmlBody: '<p>x</p>',
        ...fields,
      });
      expect(answer.status, `${JSON.stringify(fields)} ${answer.text}`).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.code).toBe(code);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });
});

describe('fields', () => {
  it('reactable false: shown, and likes and comments are refused (409 -337)', async () => {
    const quiet = await posted(network.networkEID, alice.token, {
      type: 'update',
      htmlBody: '<p>No reactions</p>',
      reactable: false,
    });
    expect(quiet).toMatchObject({ reactable: false });
    const like = await call<MessageBody>(messagesPath(network.networkEID, `${quiet.EID}/like`), {
      method: 'POST',
      token: bob.token,
    });
    expect(like.status, like.text).toBe(409);
    expect(like.body.code).toBe(-337);
    const comment = await call<MessageBody>(messagesPath(network.networkEID, `${quiet.EID}/comments/`), {
      token: bob.token,
      json: { htmlBody: '<p>hi</p>' },
    });
    expect(comment.status, comment.text).toBe(409);
    expect(comment.body.code).toBe(-337);
  });

  it('answers a wrong field with 400 problem+json naming it', async () => {
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'update', headerBackground: 'https://cdn.example/h.png' }, '/body/headerBackground'],
      [{ type: 'news', headerBackground: 'javascript:alert(1)' }, '/body/headerBackground'],
      [{ type: 'news', headerBackground: 'https://cdn.example/a b.png' }, '/body/headerBackground'],
      [{ type: 'update', appData: { a: 1 } }, '/body/appData'],
      [{ type: 'update', appData: deep }, '/body/appData'],
      [{ type: 'update', embeds: [{ url: 'ftp://x.example/' }] }, '/body/embeds/0/url'],
      [{ type: 'update', embeds: [{ url: 'https://x.example/', extra: 1 }] }, '/body/embeds/0/extra'],
      [{ type: 'update', reactable: 'no' }, '/body/reactable'],
      [{ type: 'update', parentFolder: { type: 'folder', EID: 'x' } }, '/body/parentFolder/EID'],
      [{ type: 'update', numImages: 3 }, '/body/numImages'],
      [{ type: 'update', superseded: true }, '/body/superseded'],
      [{ type: 'update', numRecipients: 2 }, '/body/numRecipients'],
    ];
    for (const [json, pointer] of cases) {
      const answer = await post(network.networkEID, adminToken, { htmlBody: '<p>x</p>', ...json });
      expect(answer.status, `${JSON.stringify(json)} ${answer.text}`).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });

  it('a header background may be a path on the host; news takes it', async () => {
    const news = await posted(network.networkEID, adminToken, {
      type: 'news',
      title: 'Headline',
      htmlBody: '<p>Body</p>',
      headerBackground: '/files/header.jpg',
    });
    expect(news.headerBackground).toBe('/files/header.jpg');
  });
});

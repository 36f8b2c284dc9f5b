/**
 * Private-message recipients on edit over HTTP: the author's `addedRecipients` and
 * `removedRecipients` (removed ones 404, added ones read it and its comments; `numRecipients`,
 * `$excludedRecipients` for the author only; the `edited` event names the changes), 400 naming the
 * field on other types or when wrong; mentions in a private message name its participants only
 * (400 -334); removing a comment drops its author from the users filter `commented` once they have
 * no live comment left. Decisions: docs/decisions.md, "Messaging: actions, editing, removal,
 * subscriptions, mentions, apps".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { act, editAs } from '../../support/factories/actions.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import type { Collection } from '../../support/factories/groups.js';
import { messagesPath, newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';
import { post, posted } from '../../support/factories/message-types.js';
import { getAs, pointersOf } from '../../support/factories/timelines.js';

afterAll(closeFactories);

type Person = { profileEID: string; token: string };
let network: TestNetwork;
let alice: Person;
let bob: Person;
let carol: Person;
let stranger: Person;
const reader = new EventReader();

beforeAll(async () => {
  network = await newNetwork('Recipients');
  const [a, b, c] = await Promise.all([network.newMember(), network.newMember(), network.newMember()]);
  alice = { profileEID: a.profileEID, token: await a.token() };
  bob = { profileEID: b.profileEID, token: await b.token() };
  carol = { profileEID: c.profileEID, token: await c.token() };
  const other = await newNetwork('Recipients elsewhere');
  stranger = { profileEID: other.admin.profileEID, token: await other.admin.token() };
  await reader.open();
});
afterAll(() => reader.close());

const user = (EID: string) => ({ type: 'user', EID });
const get = (EID: string, token: string) =>
  call<MessageBody>(messagesPath(network.networkEID, `${EID}/`), { token });
const privateTo = (...to: Person[]) =>
  posted(network.networkEID, alice.token, {
    type: 'private_message',
    htmlBody: '<p>Just us</p>',
    recipients: to.map((p) => user(p.profileEID)),
  });
const edit = (EID: string, json: Record<string, unknown>, token = alice.token) =>
  editAs(network.networkEID, EID, token, { htmlBody: '<p>Edited</p>', ...json });
const expectBad = (
  answer: { status: number; text: string; body: MessageBody },
  code: number,
  pointer: string,
) => {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.code).toBe(code);
  expect(pointersOf(answer.body)).toContain(pointer);
};

describe('recipients on edit', () => {
  it('adds and removes recipients: removed ones 404, added ones read it and its comments, one event', async () => {
    const sent = await privateTo(bob);
    expect(sent.$excludedRecipients).toEqual([]);
    const reply = await newComment(network.networkEID, sent.EID, bob.token);
    expect((await get(sent.EID, carol.token)).status).toBe(404);

    const edited = await edit(sent.EID, {
      addedRecipients: [user(carol.profileEID)],
      removedRecipients: [user(bob.profileEID)],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ numRecipients: 1, $excludedRecipients: [user(bob.profileEID)] });
    expect(edited.body.recipients).toBeUndefined(); // write context only

    for (const EID of [sent.EID, reply.EID]) {
      const hidden = await get(EID, bob.token);
      expect(hidden.status, hidden.text).toBe(404);
      expect(hidden.body.code).toBe(-300);
      expect((await get(EID, carol.token)).status).toBe(200);
    }
    const seen = await get(sent.EID, carol.token);
    expect(seen.body.$excludedRecipients).toBeUndefined(); // the author's only
    expect((await get(sent.EID, alice.token)).body.$excludedRecipients).toEqual([user(bob.profileEID)]);
    const inbox = await getAs<Collection<MessageBody>>(
      `/networks/${network.networkEID}/private-messages/`,
      carol.token,
    );
    expect((inbox.body._embedded.messages ?? []).map((m) => m.EID)).toContain(sent.EID);

    const events = await reader.eventsOf('events.messaging.message.edited', network.networkEID, 1);
    const event = events.find((e) => (e.data as { message: { EID: string } }).message.EID === sent.EID);
    expect(event).toMatchObject({
      actor: user(alice.profileEID),
      data: { addedRecipients: [user(carol.profileEID)], removedRecipients: [user(bob.profileEID)] },
    });

    // Added back: bob reads it again and leaves the excluded list.
    const back = await edit(sent.EID, { addedRecipients: [user(bob.profileEID)] });
    expect(back.body).toMatchObject({ numRecipients: 2, $excludedRecipients: [] });
    expect((await get(reply.EID, bob.token)).status).toBe(200);
  });

  it('answers 400 naming the field: other types, unknown or foreign profiles, nobody left', async () => {
    const update = await newMessage(network.networkEID, alice.token);
    expectBad(
      await edit(update.EID, { addedRecipients: [user(bob.profileEID)] }),
      -338,
      '/body/addedRecipients',
    );
    expectBad(
      await edit(update.EID, { removedRecipients: [user(bob.profileEID)] }),
      -338,
      '/body/removedRecipients',
    );
    const sent = await privateTo(bob);
    expectBad(
      await edit(sent.EID, { addedRecipients: [user(carol.profileEID), user(stranger.profileEID)] }),
      -339,
      '/body/addedRecipients/1/EID',
    );
    expectBad(
      await edit(sent.EID, { removedRecipients: [user(bob.profileEID)] }),
      -335,
      '/body/removedRecipients',
    );
    expectBad(
      await edit(sent.EID, { addedRecipients: [{ type: 'user' }] }),
      -2,
      '/body/addedRecipients/0/EID',
    );
    // Nothing changed: bob still reads it, carol does not.
    expect((await get(sent.EID, bob.token)).status).toBe(200);
    expect((await get(sent.EID, carol.token)).status).toBe(404);
    // Only the author edits; another network's member does not find it.
    expect((await edit(sent.EID, { addedRecipients: [user(carol.profileEID)] }, bob.token)).status).toBe(403);
    const foreign = await call(messagesPath(network.networkEID, `${sent.EID}/`), {
      method: 'PUT',
      token: stranger.token,
      json: { htmlBody: '<p>x</p>', addedRecipients: [user(stranger.profileEID)] },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('mentions in a private message', () => {
  it('name its participants only (400 -334), in the message, its comments and edits', async () => {
    const mention = (p: Person) => ({ mentions: [user(p.profileEID)] });
    const outsider = await post(network.networkEID, alice.token, {
      type: 'private_message',
      htmlBody: '<p>Hi</p>',
      recipients: [user(bob.profileEID)],
      ...mention(carol),
    });
    expectBad(outsider, -334, '/body/mentions/0/EID');
    const sent = await posted(network.networkEID, alice.token, {
      type: 'private_message',
      htmlBody: '<p>Hi</p>',
      recipients: [user(bob.profileEID)],
      ...mention(bob),
    });
    expect(sent.mentions).toEqual([user(bob.profileEID)]);
    const comment = (json: Record<string, unknown>) =>
      call<MessageBody>(messagesPath(network.networkEID, `${sent.EID}/comments/`), {
        token: bob.token,
        json: { htmlBody: '<p>Re</p>', ...json },
      });
    expectBad(await comment(mention(carol)), -334, '/body/mentions/0/EID');
    expect((await comment(mention(alice))).status).toBe(201);
    expectBad(await edit(sent.EID, mention(carol)), -334, '/body/mentions/0/EID');
    // Once added, carol may be mentioned.
    const added = await edit(sent.EID, { addedRecipients: [user(carol.profileEID)], ...mention(carol) });
    expect(added.status, added.text).toBe(200);
    expect(added.body.mentions).toEqual([user(carol.profileEID)]);
    // An update mentions any member.
    const update = await newMessage(network.networkEID, alice.token);
    expect((await edit(update.EID, mention(carol))).status).toBe(200);
  });
});

describe('removing a comment and the users filter commented', () => {
  it('drops its author once they have no live comment left on the message', async () => {
    const message = await newMessage(network.networkEID, carol.token);
    const [first, second] = [
      await newComment(network.networkEID, message.EID, alice.token),
      await newComment(network.networkEID, message.EID, alice.token),
    ];
    await newComment(network.networkEID, message.EID, bob.token);
    const commenters = async () => {
      const page = await getAs<Collection<{ EID: string }>>(
        `/networks/${network.networkEID}/users/?commented=${message.EID}`,
        carol.token,
      );
      expect(page.status, page.text).toBe(200);
      return (page.body._embedded.users ?? []).map((u) => u.EID).sort();
    };
    expect(await commenters()).toEqual([alice.profileEID, bob.profileEID].sort());
    expect((await act(network.networkEID, first.EID, 'remove', alice.token)).status).toBe(204);
    expect(await commenters()).toEqual([alice.profileEID, bob.profileEID].sort()); // one left
    expect((await act(network.networkEID, second.EID, 'remove', alice.token)).status).toBe(204);
    expect(await commenters()).toEqual([bob.profileEID]);
  });
});

describe('moving a private message', () => {
  it('is refused (400 -332): a private message is on no timeline, and stays off every timeline', async () => {
    const sent = await privateTo(bob);
    const moved = await call<MessageBody>(messagesPath(network.networkEID, `${sent.EID}/move`), {
      token: alice.token,
      json: { group: null },
    });
    expect(moved.status, moved.text).toBe(400);
    expect(moved.body.code).toBe(-332);
    const timeline = await getAs<Collection<MessageBody>>(
      `/networks/${network.networkEID}/timeline/?limit=50`,
      carol.token,
    );
    expect(timeline.status, timeline.text).toBe(200);
    expect((timeline.body._embedded.messages ?? []).map((m) => m.EID)).not.toContain(sent.EID);
    expect((await get(sent.EID, carol.token)).status).toBe(404);
  });
});

/**
 * Pins over HTTP: a timeline's administrators (network administrators; a group's administrators on
 * its timeline) see `pin`/`unpin` on its messages and pin them; the message shows `pinned`; each
 * timeline links `pinned`, its pinned messages, most recent pin first, at most 10. Refused: a plain
 * member (403), a comment (409), an 11th pin (409); 404 for another network and a hidden group's
 * outsider. A message moved or removed leaves its timeline's pins. Decisions: docs/decisions.md,
 * "Messaging: pins".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINS_PER_TIMELINE_MAX } from '@ncs/contracts';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { act, actionPath } from '../../support/factories/actions.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import {
  groupTimelinePath,
  messagesPath,
  newComment,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let member: TestPerson;
let memberToken: string;
let groupAdminToken: string;
let groupMemberToken: string;
let group: { EID: string };
let hidden: { EID: string };
const events = new EventReader();

beforeAll(async () => {
  network = await newNetwork('Pins');
  adminToken = await network.admin.token();
  const [plain, groupAdmin, groupMember] = await Promise.all([
    network.newMember(),
    network.newMember(),
    network.newMember(),
  ]);
  member = plain;
  [memberToken, groupAdminToken, groupMemberToken] = await Promise.all([
    plain.token(),
    groupAdmin.token(),
    groupMember.token(),
  ]);
  [group, hidden] = await Promise.all([
    newGroup(network.networkEID, adminToken),
    newGroup(network.networkEID, adminToken, { hidden: true }),
  ]);
  await Promise.all([
    addMember(network.networkEID, group.EID, adminToken, groupAdmin.profileEID, { role: 'admin' }),
    addMember(network.networkEID, group.EID, adminToken, groupMember.profileEID),
  ]);
  await events.open();
});
afterAll(() => events.close());

const read = async (messageEID: string, token: string) => {
  const answer = await call<MessageBody>(messagesPath(network.networkEID, `${messageEID}/`), { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};
const pin = (messageEID: string, token: string) => act(network.networkEID, messageEID, 'pin', token);
const unpin = (messageEID: string, token: string) => act(network.networkEID, messageEID, 'unpin', token);

/** The timeline's `pinned` link, followed: the pinned messages' EIDs in order. */
async function pinnedOf(timeline: string, token: string): Promise<string[]> {
  const page = await call<Collection<MessageBody>>(timeline, { token });
  expect(page.status, page.text).toBe(200);
  const link = (page.body as unknown as { _links: Record<string, { href: string }> })._links.pinned;
  expect(link, 'the timeline links `pinned`').toBeDefined();
  const pinned = await call<Collection<MessageBody>>(new URL(link!.href).pathname, { token });
  expect(pinned.status, pinned.text).toBe(200);
  return (pinned.body._embedded.messages ?? []).map((message) => message.EID);
}

describe('the network timeline', () => {
  it('lets network administrators pin through the `pin` link, once, and lists the pins newest first', async () => {
    const first = await newMessage(network.networkEID, memberToken);
    const second = await newMessage(network.networkEID, memberToken);
    const asAdmin = await read(first.EID, adminToken);
    expect(asAdmin.pinned).toBe(false);
    expect(asAdmin._links.pin!.href).toContain(`/messages/${first.EID}/pin`);
    const pinned = await call<MessageBody>(new URL(asAdmin._links.pin!.href).pathname, {
      method: 'POST',
      token: adminToken,
    });
    expect(pinned.status, pinned.text).toBe(200);
    expect(pinned.body.pinned).toBe(true);
    expect(pinned.body._links.unpin).toBeDefined();
    expect(pinned.body._links.pin).toBeUndefined();
    expect((await pin(first.EID, adminToken)).body.pinned).toBe(true); // again: nothing more
    expect((await pin(second.EID, adminToken)).status).toBe(200);
    // Everyone reads the flag and the list; the most recent pin first.
    expect((await read(first.EID, memberToken)).pinned).toBe(true);
    expect(await pinnedOf(timelinePath(network.networkEID), memberToken)).toEqual([second.EID, first.EID]);
    const recorded = (await events.eventsOf('events.messaging.message.pinned', network.networkEID, 2)).filter(
      (event) => (event.data as { message: { EID: string } }).message.EID === first.EID,
    );
    expect(recorded).toHaveLength(1);

    const unpinned = await unpin(first.EID, adminToken);
    expect(unpinned.status, unpinned.text).toBe(200);
    expect(unpinned.body.pinned).toBe(false);
    expect((await unpin(first.EID, adminToken)).status).toBe(200); // idempotent
    expect(await pinnedOf(timelinePath(network.networkEID), memberToken)).toEqual([second.EID]);
    expect(await events.eventsOf('events.messaging.message.unpinned', network.networkEID, 1)).toHaveLength(1);
    expectOk(await unpin(second.EID, adminToken));
  });

  it('refuses a member (403, no link) and a comment (409)', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const asMember = await read(message.EID, memberToken);
    expect(asMember._links.pin).toBeUndefined();
    const refused = await pin(message.EID, memberToken);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await read(message.EID, adminToken)).pinned).toBe(false);
    const comment = await newComment(network.networkEID, message.EID, memberToken);
    expect((await read(comment.EID, adminToken))._links.pin).toBeUndefined();
    expect((await pin(comment.EID, adminToken)).status).toBe(409);
  });

  it(`holds at most ${PINS_PER_TIMELINE_MAX} pins: one more is 409 until one is unpinned`, async () => {
    const messages: MessageBody[] = [];
    for (let i = 0; i <= PINS_PER_TIMELINE_MAX; i += 1)
      messages.push(await newMessage(network.networkEID, adminToken));
    for (const message of messages.slice(0, PINS_PER_TIMELINE_MAX))
      expectOk(await pin(message.EID, adminToken));
    const extra = messages[PINS_PER_TIMELINE_MAX]!;
    const refused = await pin(extra.EID, adminToken);
    expect(refused.status, refused.text).toBe(409);
    expectOk(await unpin(messages[0]!.EID, adminToken));
    expectOk(await pin(extra.EID, adminToken));
    const listed = await pinnedOf(timelinePath(network.networkEID), adminToken);
    expect(listed).toHaveLength(PINS_PER_TIMELINE_MAX);
    expect(listed[0]).toBe(extra.EID);
    // A removed message leaves the list (and frees its place).
    expectOk(await act(network.networkEID, messages[1]!.EID, 'remove', adminToken));
    expect(await pinnedOf(timelinePath(network.networkEID), adminToken)).not.toContain(messages[1]!.EID);
    expectOk(await pin(messages[0]!.EID, adminToken));
    for (const message of messages) await unpin(message.EID, adminToken);
  });
});

describe('a group timeline', () => {
  it('lets the group’s administrators and network administrators pin, not its members', async () => {
    const message = await newMessage(network.networkEID, groupMemberToken, { groupEID: group.EID });
    expect((await read(message.EID, groupMemberToken))._links.pin).toBeUndefined();
    expect((await pin(message.EID, groupMemberToken)).status).toBe(403);
    expect((await read(message.EID, groupAdminToken))._links.pin).toBeDefined();
    expectOk(await pin(message.EID, groupAdminToken));
    expect(await pinnedOf(groupTimelinePath(network.networkEID, group.EID), groupMemberToken)).toEqual([
      message.EID,
    ]);
    // A group administrator administers that timeline only: not the network's.
    const networkPost = await newMessage(network.networkEID, adminToken);
    expect((await pin(networkPost.EID, groupAdminToken)).status).toBe(403);
    expectOk(await unpin(message.EID, adminToken));
    expect(await pinnedOf(groupTimelinePath(network.networkEID, group.EID), groupMemberToken)).toEqual([]);
  });

  it('leaves a moved message’s former timeline, and it reads as not pinned where it went', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    expectOk(await pin(message.EID, adminToken));
    const moved = await call<MessageBody>(actionPath(network.networkEID, message.EID, 'move'), {
      method: 'POST',
      token: adminToken,
      json: { group: { type: 'group', EID: group.EID } },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.pinned).toBe(false);
    expect(await pinnedOf(timelinePath(network.networkEID), adminToken)).not.toContain(message.EID);
    expect(await pinnedOf(groupTimelinePath(network.networkEID, group.EID), adminToken)).not.toContain(
      message.EID,
    );
  });

  it('answers 404 to another network and to an outsider of a hidden group', async () => {
    const secret = await newMessage(network.networkEID, adminToken, { groupEID: hidden.EID });
    expectOk(await pin(secret.EID, adminToken));
    expect((await pin(secret.EID, memberToken)).status).toBe(404);
    const list = await call(`${groupTimelinePath(network.networkEID, hidden.EID)}pinned/`, {
      token: memberToken,
    });
    expect(list.status).toBe(404);
    expect(await pinnedOf(groupTimelinePath(network.networkEID, hidden.EID), adminToken)).toEqual([
      secret.EID,
    ]);
    const other = await newNetwork('Pins other');
    const otherAdmin = await other.admin.token();
    expect((await pin(secret.EID, otherAdmin)).status).toBe(404);
    expect(member.profileEID).toBeTruthy();
  });
});

function expectOk(answer: { status: number; text: string }) {
  expect(answer.status, answer.text).toBeLessThan(300);
}

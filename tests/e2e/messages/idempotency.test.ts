/**
 * Idempotent posting over HTTP: `POST` of a message, a comment and a like with an
 * `Idempotency-Key` answers a replay from the same caller with the first answer and writes once;
 * the same key with another body is a 422; another caller's key is their own; a concurrent pair
 * writes once; a failed first request releases its key; a bad key is a 400 naming the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import {
  closeFactories,
  newNetwork,
  uniqueSuffix,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import type { Collection } from '../../support/factories/groups.js';
import {
  messagesPath,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';

afterAll(closeFactories);

interface SignedIn {
  readonly profileEID: string;
  readonly token: string;
}
const signedIn = async (person: TestPerson): Promise<SignedIn> => ({
  profileEID: person.profileEID,
  token: await person.token(),
});

let network: TestNetwork;
let adminToken: string;
let member: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  network = await newNetwork('Idempotency');
  [adminToken, member, other] = await Promise.all([
    network.admin.token(),
    network.newMember().then(signedIn),
    network.newMember().then(signedIn),
  ]);
});

const post = (token: string, key: string, htmlBody: string, networkEID = network.networkEID) =>
  call<MessageBody>(messagesPath(networkEID), {
    token,
    headers: { 'idempotency-key': key },
    json: { type: 'update', htmlBody },
  });

/** The network timeline's items holding `text`. */
async function onTimeline(text: string): Promise<MessageBody[]> {
  const page = await call<Collection<MessageBody>>(`${timelinePath(network.networkEID)}?limit=100`, {
    token: adminToken,
  });
  expect(page.status, page.text).toBe(200);
  return (page.body._embedded.messages ?? []).filter((item) => item.htmlBody.includes(text));
}

describe('idempotent posting of messages', () => {
  it('answers a replay with the first answer, and the timeline holds the message once', async () => {
    const text = `once ${uniqueSuffix()}`;
    const key = `key-${uniqueSuffix()}`;
    const first = await post(member.token, key, `<p>${text}</p>`);
    expect(first.status, first.text).toBe(201);
    const replay = await post(member.token, key, `<p>${text}</p>`);
    expect(replay.status, replay.text).toBe(201);
    expect(replay.body.EID).toBe(first.body.EID);
    expect(replay.body).toMatchObject({ type: 'update', htmlBody: `<p>${text}</p>` });
    expect((await onTimeline(text)).map((item) => item.EID)).toEqual([first.body.EID]);
    // Without the header every post is a new message.
    await newMessage(network.networkEID, member.token, { htmlBody: `<p>${text}</p>` });
    expect(await onTimeline(text)).toHaveLength(2);
  });

  it('refuses the same key with another body (422), and writes nothing', async () => {
    const key = `key-${uniqueSuffix()}`;
    const text = `changed ${uniqueSuffix()}`;
    expect((await post(member.token, key, `<p>first ${text}</p>`)).status).toBe(201);
    const changed = await post(member.token, key, `<p>second ${text}</p>`);
    expect(changed.status, changed.text).toBe(422);
    expect(changed.headers.get('content-type')).toContain('application/problem+json');
    expect(changed.body.code).toBe(-343);
    expect((await onTimeline(text)).map((item) => item.htmlBody)).toEqual([`<p>first ${text}</p>`]);
  });

  it('keeps one caller’s key apart from another caller’s and another network’s', async () => {
    const key = `shared-${uniqueSuffix()}`;
    const text = `apart ${uniqueSuffix()}`;
    const mine = await post(member.token, key, `<p>${text}</p>`);
    const theirs = await post(other.token, key, `<p>${text}</p>`);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.EID).not.toBe(mine.body.EID);
    expect(theirs.body.author.EID).toBe(other.profileEID);
    expect(await onTimeline(text)).toHaveLength(2);

    const elsewhere = await newNetwork('Idempotency elsewhere');
    const there = await post(await elsewhere.admin.token(), key, `<p>${text}</p>`, elsewhere.networkEID);
    expect(there.status, there.text).toBe(201);
    expect(there.body.EID).not.toBe(mine.body.EID);
  });

  it('writes once for two concurrent requests with one key', async () => {
    const key = `race-${uniqueSuffix()}`;
    const text = `race ${uniqueSuffix()}`;
    const answers = await Promise.all([0, 1, 2].map(() => post(member.token, key, `<p>${text}</p>`)));
    const created = answers.filter((answer) => answer.status === 201);
    // Each answer is the first one, or (when the first is still running after the wait) a 409.
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 409], answer.text).toContain(answer.status);
    expect(new Set(created.map((answer) => answer.body.EID)).size).toBe(1);
    expect(await onTimeline(text)).toHaveLength(1);
  });

  it('refuses a key that is not 1..255 printable ASCII characters, naming the header', async () => {
    const tooLong = await post(member.token, 'k'.repeat(256), '<p>long key</p>');
    expect(tooLong.status, tooLong.text).toBe(400);
    expect(tooLong.body.code).toBe(-342);
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ pointer: '/header/Idempotency-Key' })]);
    const latin = await post(member.token, 'caf\u00e9', '<p>latin key</p>');
    expect(latin.status, latin.text).toBe(400);
    expect(latin.body.code).toBe(-342);
  });

  it('documents the header on the three routes in /openapi.json', async () => {
    const doc = await call<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>('/openapi.json', { accept: null });
    const headerOf = (path: string, method: string) =>
      doc.body.paths[path]?.[method]?.parameters?.filter((p) => p.in === 'header').map((p) => p.name);
    expect(headerOf('/networks/{networkEID}/messages', 'post')).toEqual(['Idempotency-Key']);
    expect(headerOf('/networks/{networkEID}/messages/{messageEID}/comments', 'post')).toEqual([
      'Idempotency-Key',
    ]);
    expect(headerOf('/networks/{networkEID}/messages/{messageEID}/like', 'post')).toEqual([
      'Idempotency-Key',
    ]);
    expect(headerOf('/networks/{networkEID}/messages/{messageEID}/unlike', 'post')).toEqual([]);
  });
});

describe('idempotent comments and likes', () => {
  const act = (path: string, token: string, key: string, json?: unknown) =>
    call<MessageBody>(messagesPath(network.networkEID, path), {
      method: 'POST',
      token,
      headers: { 'idempotency-key': key },
      ...(json === undefined ? {} : { json }),
    });

  it('answers a replayed comment with the first one; numComments counts it once', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const key = `comment-${uniqueSuffix()}`;
    const first = await act(`${message.EID}/comments/`, other.token, key, { htmlBody: '<p>hi</p>' });
    expect(first.status, first.text).toBe(201);
    const replay = await act(`${message.EID}/comments/`, other.token, key, { htmlBody: '<p>hi</p>' });
    expect(replay.status).toBe(201);
    expect(replay.body.EID).toBe(first.body.EID);
    const parent = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      token: member.token,
    });
    expect(parent.body.numComments).toBe(1);
    // The same key on another message is another request: 422.
    const elsewhere = await newMessage(network.networkEID, member.token);
    const moved = await act(`${elsewhere.EID}/comments/`, other.token, key, { htmlBody: '<p>hi</p>' });
    expect(moved.status, moved.text).toBe(422);
    expect(moved.body.code).toBe(-343);
  });

  it('answers a replayed like with the first answer, not the current state', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const key = `like-${uniqueSuffix()}`;
    const first = await act(`${message.EID}/like`, other.token, key);
    expect(first.status, first.text).toBe(200);
    expect(first.body.numLikes).toBe(1);
    expect((await act(`${message.EID}/like`, member.token, `like-${uniqueSuffix()}`)).body.numLikes).toBe(2);
    const replay = await act(`${message.EID}/like`, other.token, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ EID: message.EID, numLikes: 1 });
  });

  it('releases the key of a failed first request: a retry with it runs anew', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const lock = await call(messagesPath(network.networkEID, `${message.EID}/lock`), {
      method: 'POST',
      token: member.token,
    });
    expect(lock.status, lock.text).toBe(200);
    const key = `retry-${uniqueSuffix()}`;
    const refused = await act(`${message.EID}/like`, other.token, key);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(-304);
    await call(messagesPath(network.networkEID, `${message.EID}/unlock`), {
      method: 'POST',
      token: member.token,
    });
    const retried = await act(`${message.EID}/like`, other.token, key);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ numLikes: 1, _user: { liked: true } });
  });
});

describe('events of idempotent posting', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());

  it('publishes one created event for a request and its replay', async () => {
    const own = await newNetwork('Idempotency events');
    const token = await own.admin.token();
    const key = `event-${uniqueSuffix()}`;
    const first = await post(token, key, '<p>once</p>', own.networkEID);
    expect((await post(token, key, '<p>once</p>', own.networkEID)).body.EID).toBe(first.body.EID);
    // A later message without a key: once its event is there, a replay's would be too.
    const marker = await newMessage(own.networkEID, token);
    const events = await reader.eventsOf('events.messaging.message.created', own.networkEID, 2);
    expect(events.map((event) => (event.data as { message: { EID: string } }).message.EID).sort()).toEqual(
      [first.body.EID, marker.EID].sort(),
    );
  });
});

/**
 * The events a live stream follows chat and polls by, on real NATS and the real store: the
 * messaging service in process, its routes reached over NATS, each change's event read back from
 * its outbox (type, audience, data). Auth's answers (who may read a group, who may chat, who is a
 * network administrator) come from a stand-in on the service's RPC client, so no other service has
 * to run. A refused change records nothing. The assistant's welcome is a chat message like any other.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  findRoute,
  internalSubjects,
  type AnyRoute,
  type CallerGroupAccess,
  type DomainEvent,
  type RequestContext,
} from '@ncs/contracts';
import {
  createLogger,
  createServiceRuntime,
  rpcClientOf,
  serveModule,
  type RpcCall,
  type RuntimeHandle,
  type ServedModule,
} from '@ncs/service-kit';
import { buildMessagingService } from '../src/app.js';
import { welcomeHtml, welcomePeople } from '../src/assistant/welcome.js';
import type { MessagingModels } from '../src/models.js';
import { pollFieldsOf } from '../src/polls/rules.js';

const eid = () => randomBytes(12).toString('hex');
const dbName = `messaging_live_events_${randomBytes(4).toString('hex')}`;
let runtime: RuntimeHandle;
let served: ServedModule;
let models: MessagingModels;

interface Person {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly ctx: RequestContext;
}

/** What the auth stand-in knows of each person: network administrator, and the groups they read. */
const standing = new Map<string, { admin: boolean; groups: Set<string> }>();

function person(networkEID: string, options: { admin?: boolean; groups?: string[] } = {}): Person {
  const profileEID = eid();
  standing.set(profileEID, { admin: options.admin ?? false, groups: new Set(options.groups) });
  const ctx: RequestContext = {
    version: '2026.1.13',
    requestId: `svc-${profileEID}`,
    networkEID,
    principal: { profileEID, external: false, roles: [options.admin ? 'admin' : 'member'], permissions: [] },
  };
  return { networkEID, profileEID, ctx };
}

/** Auth's `groupAccess` as the stand-in answers it: only the groups the person reads. */
function accessOf(profileEID: string, EIDs: readonly string[]): CallerGroupAccess {
  const known = standing.get(profileEID);
  return {
    networkAdmin: known?.admin ?? false,
    groups: EIDs.filter((EID) => known?.groups.has(EID)).map((EID) => ({
      EID,
      hidden: false,
      membersMayPost: true,
      member: true,
      permissions: ['view_group_timeline', 'post_message'],
    })),
  };
}

/** A route of messaging called over NATS as `who`. */
function call<T = Record<string, unknown>>(
  id: AnyRoute['id'],
  who: Person,
  request: Omit<RpcCall, 'ctx'> = {},
): Promise<T> {
  return runtime.rpc.request<T>(findRoute(id).subject, { ...request, ctx: who.ctx });
}

/** The catalogue name a call is refused with. */
const refusal = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: { errorName?: string }) => error.errorName,
  );

/** The events the outbox holds for a network, oldest first (the people of an audience sorted). */
async function recorded(networkEID: string): Promise<DomainEvent[]> {
  const rows = await runtime.db
    .collection<{ payload: string; createdAt: Date }>('outbox')
    .find({ networkEID })
    .sort({ createdAt: 1, _id: 1 })
    .toArray();
  return rows.map((row) => {
    const event = JSON.parse(row.payload) as DomainEvent;
    const audience = event.audience;
    return audience?.kind === 'people'
      ? { ...event, audience: { ...audience, profileEIDs: [...audience.profileEIDs].sort() } }
      : event;
  });
}
const ofType = async (networkEID: string, type: string) =>
  (await recorded(networkEID)).filter((event) => event.type === type);

const user = (who: Person) => ({ type: 'user', EID: who.profileEID });
const people = (...who: Person[]) => ({ kind: 'people', profileEIDs: who.map((p) => p.profileEID).sort() });

beforeAll(async () => {
  runtime = await createServiceRuntime({
    service: 'messaging',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName,
    rpcTimeoutMs: 10_000,
    logger: createLogger({ service: 'messaging', level: 'silent' }),
  });
  const rpc = rpcClientOf(async (subject, request, options) => {
    const profileEID = request.ctx.principal?.profileEID ?? '';
    if (subject === internalSubjects.groupAccess) {
      const { EIDs } = request.body as { EIDs: string[] };
      return { data: accessOf(profileEID, EIDs) as never, status: undefined };
    }
    if (subject === internalSubjects.chatPartners) {
      // Everyone may chat with everyone here.
      return { data: request.body as never, status: undefined };
    }
    return runtime.rpc.requestWithStatus(subject, request, options);
  });
  const module = buildMessagingService(
    { ...runtime, rpc },
    {
      // Background work plays no part here.
      schedulerIntervalMs: 3_600_000,
      fileSweep: { temporaryTtlMs: 86_400_000, uploadIdleMs: 3_600_000, intervalMs: 3_600_000 },
    },
  );
  models = module.models;
  served = await serveModule(runtime, module, { version: '0.0.0-test', description: 'messaging under test' });
});

afterAll(async () => {
  await served?.stop();
  await runtime?.db.dropDatabase();
  await runtime?.close();
});

/** A conversation `starter` opens with `others`. */
async function conversation(starter: Person, ...others: Person[]): Promise<string> {
  const created = await call<{ EID: string }>('conversation.create', starter, {
    params: { networkEID: starter.networkEID },
    body: { participants: others.map((other) => ({ EID: other.profileEID })) },
  });
  return created.EID;
}

const send = (who: Person, conversationEID: string, htmlBody = '<p>Hello</p>') =>
  call<{ EID: string; htmlBody: string; created: string }>('conversationMessage.create', who, {
    params: { networkEID: who.networkEID, conversationEID },
    body: { htmlBody },
  });

const remove = (who: Person, messageId: string) =>
  call('chatMessage.delete', who, {
    params: { networkEID: who.networkEID, messageId },
    body: { reason: 'a secret reason' },
  });

const list = (who: Person, conversationEID: string, query: Record<string, unknown> = {}) =>
  call('conversationMessage.list', who, { params: { networkEID: who.networkEID, conversationEID }, query });

describe('chat messages', () => {
  it('records each sent message for every participant, the sender included; a stranger sends nothing', async () => {
    const networkEID = eid();
    const [alice, bob, carol, stranger] = [
      person(networkEID),
      person(networkEID),
      person(networkEID),
      person(networkEID),
    ];
    const conversationEID = await conversation(alice, bob, carol);

    expect(await refusal(send(stranger, conversationEID))).toBe('MESSAGING_ERR_CONVERSATION_NOT_FOUND');
    expect(await ofType(networkEID, 'messaging.chat_message.sent')).toEqual([]);

    const sent = await send(alice, conversationEID, '<p>Hello <b>all</b></p>');
    const events = await ofType(networkEID, 'messaging.chat_message.sent');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ networkEID, actor: user(alice), audience: people(alice, bob, carol) });
    expect(events[0]!.data).toEqual({
      conversation: { type: 'conversation', EID: conversationEID },
      chatMessage: {
        type: 'chat_message',
        EID: sent.EID,
        author: user(alice),
        htmlBody: sent.htmlBody,
        created: sent.created,
      },
    });
  });

  it('records a deletion once, for the participants, without the body or the reason', async () => {
    const networkEID = eid();
    const [alice, bob, stranger] = [person(networkEID), person(networkEID), person(networkEID)];
    const admin = person(networkEID, { admin: true });
    const conversationEID = await conversation(alice, bob);
    const first = await send(alice, conversationEID);
    const second = await send(alice, conversationEID);

    expect(await refusal(remove(bob, first.EID))).toBe('MESSAGING_ERR_CHAT_DELETE_FORBIDDEN');
    expect(await refusal(remove(stranger, first.EID))).toBe('MESSAGING_ERR_CHAT_MESSAGE_NOT_FOUND');
    expect(await ofType(networkEID, 'messaging.chat_message.deleted')).toEqual([]);

    await remove(alice, first.EID);
    await remove(alice, first.EID); // deleted already: no second event
    // A network administrator who takes no part: the event still goes to the participants alone.
    await remove(admin, second.EID);
    const events = await ofType(networkEID, 'messaging.chat_message.deleted');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actor: user(alice), audience: people(alice, bob) });
    expect(events[0]!.data).toEqual({
      conversation: { type: 'conversation', EID: conversationEID },
      chatMessage: { type: 'chat_message', EID: first.EID },
      deleter: user(alice),
    });
    expect(events[1]).toMatchObject({ actor: user(admin), audience: people(alice, bob) });
    expect(events[1]!.data).toMatchObject({ chatMessage: { EID: second.EID }, deleter: user(admin) });
    expect(JSON.stringify(events)).not.toContain('a secret reason');
  });
});

describe('the AI assistant’s welcome', () => {
  it('is recorded as a chat message sent by the assistant, to the person welcomed and the assistant', async () => {
    const networkEID = eid();
    const [assistant, newcomer] = [person(networkEID), person(networkEID)];
    await welcomePeople(models, runtime.outbox, networkEID, assistant.profileEID, '', [newcomer.profileEID]);
    await welcomePeople(models, runtime.outbox, networkEID, assistant.profileEID, '', [newcomer.profileEID]);
    const events = await ofType(networkEID, 'messaging.chat_message.sent');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: user(assistant), audience: people(assistant, newcomer) });
    expect(events[0]!.data).toMatchObject({
      chatMessage: { author: user(assistant), htmlBody: welcomeHtml('') },
    });
  });
});

describe('reading a conversation', () => {
  it('records the read position for the reader alone, once, and nothing for an older page or a stranger', async () => {
    const networkEID = eid();
    const [alice, bob, stranger] = [person(networkEID), person(networkEID), person(networkEID)];
    const conversationEID = await conversation(alice, bob);
    const older = await send(alice, conversationEID);
    const newest = await send(alice, conversationEID);

    expect(await refusal(list(stranger, conversationEID))).toBe('MESSAGING_ERR_CONVERSATION_NOT_FOUND');
    await list(bob, conversationEID, { before: newest.EID }); // an older page marks nothing read
    await list(alice, conversationEID); // the sender has read what she sent
    expect(await ofType(networkEID, 'messaging.conversation.read')).toEqual([]);

    await list(bob, conversationEID);
    await list(bob, conversationEID); // read already
    const events = await ofType(networkEID, 'messaging.conversation.read');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: user(bob), audience: people(bob) });
    expect(events[0]!.data).toEqual({
      conversation: { type: 'conversation', EID: conversationEID },
      reader: user(bob),
      readUpTo: { type: 'chat_message', EID: newest.EID },
    });
    expect(older.EID).not.toBe(newest.EID);
  });
});

/** A running poll with two answers posted by `author`, on a group's timeline or the network's. */
async function poll(
  author: Person,
  options: { groupEID?: string; isAnonymous?: boolean } = {},
): Promise<{ EID: string; answers: [string, string] }> {
  const now = new Date();
  const fields = pollFieldsOf(
    {
      type: 'poll',
      isAnonymous: options.isAnonymous ?? false,
      poll: {
        answers: [{ text: 'Yes' }, { text: 'No' }],
        endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
      },
    },
    now,
  );
  const created = await models.Message.create({
    networkEID: author.networkEID,
    type: 'poll',
    authorEID: author.profileEID,
    htmlBody: '<p>Lunch at noon?</p>',
    groupEID: options.groupEID ?? null,
    timelineKey: options.groupEID ? `group:${options.groupEID}` : 'network',
    timelineAt: now,
    ...fields,
  });
  const [yes, no] = fields.poll!.answers;
  return { EID: String(created._id), answers: [yes!.EID, no!.EID] };
}

const vote = (who: Person, pollEID: string, answerEID: string) =>
  call('poll.vote', who, { params: { pollEID }, body: { answerEID } });

const counts = (yes: [string, number], no: [string, number], numVotes: number) => ({
  answers: [
    { type: 'poll_answer', EID: yes[0], numVotes: yes[1] },
    { type: 'poll_answer', EID: no[0], numVotes: no[1] },
  ],
  numVotes,
});

describe('poll votes', () => {
  it('records a vote and a change with the counts after each, for the poll’s group; the same vote again records nothing', async () => {
    const networkEID = eid();
    const groupEID = eid();
    const [author, voter] = [
      person(networkEID, { groups: [groupEID] }),
      person(networkEID, { groups: [groupEID] }),
    ];
    const { EID, answers } = await poll(author, { groupEID });
    const [yes, no] = answers;

    await vote(voter, EID, yes);
    await vote(voter, EID, no);
    await vote(voter, EID, no); // unchanged
    const events = await ofType(networkEID, 'messaging.poll.voted');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actor: user(voter), audience: { kind: 'group', groupEID } });
    expect(events[0]!.data).toEqual({
      message: expect.objectContaining({ type: 'poll', EID, group: { type: 'group', EID: groupEID } }),
      poll: counts([yes, 1], [no, 0], 1),
      voter: user(voter),
      answer: { type: 'poll_answer', EID: yes },
      previous: null,
    });
    expect(events[1]!.data).toMatchObject({
      poll: counts([yes, 0], [no, 1], 1),
      voter: user(voter),
      answer: { type: 'poll_answer', EID: no },
      previous: { type: 'poll_answer', EID: yes },
    });
  });

  it('names no voter of an anonymous poll, neither in the data nor as the actor', async () => {
    const networkEID = eid();
    const [author, voter] = [person(networkEID), person(networkEID)];
    const { EID, answers } = await poll(author, { isAnonymous: true });

    await vote(voter, EID, answers[1]);
    const events = await ofType(networkEID, 'messaging.poll.voted');
    expect(events).toHaveLength(1);
    expect(events[0]!.audience).toEqual({ kind: 'network' });
    expect(events[0]!.actor).toBeUndefined();
    expect(events[0]!.data).toEqual({
      message: expect.objectContaining({ type: 'poll', EID, group: null }),
      poll: counts([answers[0], 0], [answers[1], 1], 1),
    });
    expect(JSON.stringify(events[0])).not.toContain(voter.profileEID);
  });

  it('records nothing for a refused vote: an ended poll, an unknown answer, a poll the voter may not read', async () => {
    const networkEID = eid();
    const groupEID = eid();
    const author = person(networkEID, { groups: [groupEID] });
    const outsider = person(networkEID);
    const ended = await poll(author);
    await models.Message.updateOne(
      { _id: ended.EID },
      { $set: { 'poll.endsAt': new Date(Date.now() - 1000) } },
    );
    const running = await poll(author, { groupEID });

    expect(await refusal(vote(author, ended.EID, ended.answers[0]))).toBe('MESSAGING_ERR_POLL_ENDED');
    expect(await refusal(vote(author, running.EID, eid()))).toBe('MESSAGING_ERR_POLL_ANSWER_UNKNOWN');
    expect(await refusal(vote(outsider, running.EID, running.answers[0]))).toBe(
      'MESSAGING_ERR_POLL_NOT_FOUND',
    );
    expect(await ofType(networkEID, 'messaging.poll.voted')).toEqual([]);

    // The same poll takes a vote it may: that one is recorded.
    await vote(author, running.EID, running.answers[0]);
    const events = await ofType(networkEID, 'messaging.poll.voted');
    expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ voter: user(author) })]);
  });
});

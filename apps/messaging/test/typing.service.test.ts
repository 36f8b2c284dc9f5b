/**
 * Typing indicators on real NATS and the real store: the messaging service in process, its typing
 * routes' handlers called with the requests the gateway sends, each event read off the network's
 * ephemeral subject as a gateway reads it (type, audience, data). Auth's answers (who reads a
 * group, who may chat) come from a stand-in on the service's RPC client. A refused or throttled
 * request publishes nothing: each check sends one allowed request last and asserts that its event
 * is the only one that came.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  ephemeralSubject,
  findRoute,
  internalSubjects,
  TYPING_EXPIRES_MS,
  type AnyRoute,
  type CallerGroupAccess,
  type EphemeralEvent,
  type RequestContext,
  type RpcRequest,
} from '@ncs/contracts';
import {
  createLogger,
  createServiceRuntime,
  rpcClientOf,
  WithStatus,
  type RpcCall,
  type RpcHandler,
  type RuntimeHandle,
} from '@ncs/service-kit';
import { buildMessagingService } from '../src/app.js';
import type { MessageDoc } from '../src/messages/models.js';
import type { MessagingModels } from '../src/models.js';

const eid = () => randomBytes(12).toString('hex');
const dbName = `messaging_typing_${randomBytes(4).toString('hex')}`;
let runtime: RuntimeHandle;
let stopModule: (() => Promise<void>) | undefined;
let models: MessagingModels;
let handlers: ReadonlyMap<string, RpcHandler>;

interface Person {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly ctx: RequestContext;
}

/** The groups each person reads, as the auth stand-in answers `groupAccess`. */
const readers = new Map<string, Set<string>>();

function person(networkEID: string, groups: string[] = []): Person {
  const profileEID = eid();
  readers.set(profileEID, new Set(groups));
  const ctx: RequestContext = {
    version: '2026.1.13',
    requestId: `svc-${profileEID}`,
    networkEID,
    principal: { profileEID, external: false, roles: ['member'], permissions: [] },
  };
  return { networkEID, profileEID, ctx };
}

function accessOf(profileEID: string, EIDs: readonly string[]): CallerGroupAccess {
  const groups = readers.get(profileEID);
  return {
    networkAdmin: false,
    groups: EIDs.filter((EID) => groups?.has(EID)).map((EID) => ({
      EID,
      hidden: true,
      membersMayPost: true,
      member: true,
      permissions: ['view_group_timeline', 'post_message'],
    })),
  };
}

/**
 * A route's handler called in process, with the request the gateway sends: other test files serve
 * messaging on the same NATS in the same queue group, so a request over NATS could reach theirs.
 */
async function call<T = unknown>(id: AnyRoute['id'], who: Person, request: Omit<RpcCall, 'ctx'> = {}) {
  const subject = findRoute(id).subject;
  const reply = await handlers.get(subject)!(
    { params: {}, query: {}, ...request, ctx: who.ctx } as RpcRequest,
    { logger: runtime.logger, subject },
  );
  return (reply instanceof WithStatus ? reply.data : reply) as T;
}

/** The catalogue name a call is refused with. */
const refusal = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: { errorName?: string }) => error.errorName,
  );

const typeInConversation = (who: Person, conversationEID: string) =>
  call('conversation.typing', who, { params: { networkEID: who.networkEID, conversationEID } });
const typeInThread = (who: Person, messageEID: string) =>
  call('message.typing', who, { params: { networkEID: who.networkEID, messageEID } });

/** Listens to a network's ephemeral subject, as a gateway does; `until(n)` waits for n events. */
async function listen(networkEID: string) {
  const events: EphemeralEvent[] = [];
  const subscription = runtime.nats.subscribe(ephemeralSubject(networkEID));
  const decoder = new TextDecoder();
  void (async () => {
    for await (const message of subscription)
      events.push(JSON.parse(decoder.decode(message.data)) as EphemeralEvent);
  })();
  await runtime.nats.flush(); // the subscription is known to the server before anything is sent
  return {
    events,
    /** The events once `count` came (and a moment for any unexpected one to follow). */
    async until(count: number): Promise<EphemeralEvent[]> {
      const deadline = Date.now() + 5_000;
      while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await runtime.nats.flush();
      await new Promise((r) => setTimeout(r, 50));
      subscription.unsubscribe();
      return events;
    },
  };
}

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
    // Everyone may chat with everyone here.
    if (subject === internalSubjects.chatPartners) return { data: request.body as never, status: undefined };
    return runtime.rpc.requestWithStatus(subject, request, options);
  });
  const module = buildMessagingService(
    { ...runtime, rpc },
    {
      schedulerIntervalMs: 3_600_000,
      fileSweep: { temporaryTtlMs: 86_400_000, uploadIdleMs: 3_600_000, intervalMs: 3_600_000 },
    },
  );
  models = module.models;
  handlers = module.handlers;
  // Started, not served: its handlers are called in process (`call`), and a served instance would
  // answer other test files' requests in the shared queue group.
  await module.start?.();
  stopModule = () => module.stop?.() ?? Promise.resolve();
});

afterAll(async () => {
  await stopModule?.();
  await runtime?.db.dropDatabase();
  await runtime?.close();
});

async function conversation(starter: Person, ...others: Person[]): Promise<string> {
  const created = await call<{ EID: string }>('conversation.create', starter, {
    params: { networkEID: starter.networkEID },
    body: { participants: others.map((other) => ({ EID: other.profileEID })) },
  });
  return created.EID;
}

/** A message stored as a post would store it (the typing routes only read it). */
async function message(
  author: Person,
  fields: {
    type?: MessageDoc['type'];
    groupEID?: string;
    participantEIDs?: string[];
    locked?: boolean;
    parent?: { EID: string; type: string };
  } = {},
): Promise<string> {
  const stored = await models.Message.create({
    networkEID: author.networkEID,
    type: fields.parent ? 'comment' : (fields.type ?? 'update'),
    authorEID: author.profileEID,
    htmlBody: '<p>Hello</p>',
    groupEID: fields.groupEID ?? null,
    parentEID: fields.parent?.EID ?? null,
    parentType: fields.parent?.type ?? null,
    timelineKey: fields.parent ? null : fields.groupEID ? `group:${fields.groupEID}` : 'network',
    timelineAt: new Date(),
    locked: fields.locked ?? false,
    ...(fields.participantEIDs
      ? {
          participantEIDs: fields.participantEIDs,
          recipientEIDs: fields.participantEIDs.filter((EID) => EID !== author.profileEID),
        }
      : {}),
  });
  return String(stored._id);
}

const user = (who: Person) => ({ type: 'user', EID: who.profileEID });

describe('typing in a conversation', () => {
  it('reaches the other participants only; a stranger is refused as conversation.get refuses', async () => {
    const networkEID = eid();
    const [alice, bob, carol, stranger] = [
      person(networkEID),
      person(networkEID),
      person(networkEID),
      person(networkEID),
    ];
    const conversationEID = await conversation(alice, bob, carol);
    const listener = await listen(networkEID);

    const notFound = await refusal(
      call('conversation.get', stranger, { params: { networkEID, conversationEID } }),
    );
    expect(notFound).toBe('MESSAGING_ERR_CONVERSATION_NOT_FOUND');
    expect(await refusal(typeInConversation(stranger, conversationEID))).toBe(notFound);
    expect(await refusal(typeInConversation(alice, eid()))).toBe(notFound);
    expect(await typeInConversation(alice, conversationEID)).toBeNull();

    expect(await listener.until(1)).toEqual([
      {
        type: 'typing',
        networkEID,
        audience: { kind: 'people', profileEIDs: [bob.profileEID, carol.profileEID].sort() },
        data: {
          user: user(alice),
          conversation: { type: 'conversation', EID: conversationEID },
          expiresInMs: TYPING_EXPIRES_MS,
        },
      },
    ]);
  });

  it('sends one event per person and conversation within the interval; a faster one still succeeds', async () => {
    const networkEID = eid();
    const [alice, bob] = [person(networkEID), person(networkEID)];
    const conversationEID = await conversation(alice, bob);
    const other = await conversation(alice, person(networkEID));
    const listener = await listen(networkEID);

    await typeInConversation(alice, conversationEID);
    expect(await typeInConversation(alice, conversationEID)).toBeNull(); // throttled: 204, nothing sent
    await typeInConversation(bob, conversationEID); // another person
    await typeInConversation(alice, other); // another conversation

    const events = await listener.until(3);
    expect(
      events.map((event) => [
        event.data.user.EID,
        'conversation' in event.data && event.data.conversation.EID,
      ]),
    ).toEqual([
      [alice.profileEID, conversationEID],
      [bob.profileEID, conversationEID],
      [alice.profileEID, other],
    ]);
    expect(events[1]!.audience).toEqual({ kind: 'people', profileEIDs: [alice.profileEID] });
  });
});

describe('typing in a message’s comments', () => {
  it('reaches the audience of a network message, a group message and a private message', async () => {
    const networkEID = eid();
    const groupEID = eid();
    const [alice, bob, carol] = [person(networkEID, [groupEID]), person(networkEID), person(networkEID)];
    const onNetwork = await message(alice);
    const inGroup = await message(alice, { groupEID });
    const privately = await message(alice, {
      type: 'private_message',
      participantEIDs: [alice.profileEID, bob.profileEID, carol.profileEID],
    });
    const listener = await listen(networkEID);

    await typeInThread(bob, onNetwork);
    await typeInThread(alice, inGroup);
    await typeInThread(bob, privately);

    const thread = (EID: string, type: string) => ({ type, EID });
    expect(await listener.until(3)).toEqual([
      {
        type: 'typing',
        networkEID,
        audience: { kind: 'network' },
        data: { user: user(bob), message: thread(onNetwork, 'update'), expiresInMs: TYPING_EXPIRES_MS },
      },
      {
        type: 'typing',
        networkEID,
        audience: { kind: 'group', groupEID },
        data: { user: user(alice), message: thread(inGroup, 'update'), expiresInMs: TYPING_EXPIRES_MS },
      },
      {
        type: 'typing',
        networkEID,
        audience: { kind: 'people', profileEIDs: [alice.profileEID, carol.profileEID] },
        data: {
          user: user(bob),
          message: thread(privately, 'private_message'),
          expiresInMs: TYPING_EXPIRES_MS,
        },
      },
    ]);
  });

  it('refuses, with the refusals of reading, whoever may not read the message, and a locked one as commenting does', async () => {
    const networkEID = eid();
    const groupEID = eid();
    const [alice, outsider, bob] = [person(networkEID, [groupEID]), person(networkEID), person(networkEID)];
    const inGroup = await message(alice, { groupEID });
    const privately = await message(alice, {
      type: 'private_message',
      participantEIDs: [alice.profileEID, bob.profileEID],
    });
    const locked = await message(alice, { locked: true });
    const elsewhere = await message(person(eid()));
    const allowed = await message(alice);
    const listener = await listen(networkEID);

    const asReading = async (who: Person, messageEID: string) => {
      const read = await refusal(call('message.get', who, { params: { networkEID, messageEID } }));
      expect(read).not.toBe('resolved');
      expect(await refusal(typeInThread(who, messageEID))).toBe(read);
      return read;
    };
    expect(await asReading(outsider, inGroup)).toBe('MESSAGING_ERR_MESSAGE_NOT_FOUND'); // the group's hidden
    expect(await asReading(outsider, privately)).toBe('MESSAGING_ERR_MESSAGE_NOT_FOUND');
    expect(await asReading(alice, elsewhere)).toBe('MESSAGING_ERR_MESSAGE_NOT_FOUND'); // another tenant
    const lockedComment = await refusal(
      call('comment.create', bob, {
        params: { networkEID, messageEID: locked },
        body: { htmlBody: '<p>Hi</p>' },
      }),
    );
    expect(lockedComment).toBe('MESSAGING_ERR_MESSAGE_LOCKED');
    expect(await refusal(typeInThread(bob, locked))).toBe(lockedComment);

    await typeInThread(bob, allowed);
    const events = await listener.until(1);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ user: user(bob), message: { EID: allowed } });
  });

  it('on a comment, names its message’s thread; once per person and thread within the interval', async () => {
    const networkEID = eid();
    const [alice, bob] = [person(networkEID), person(networkEID)];
    const parent = await message(alice);
    const comment = await message(bob, { parent: { EID: parent, type: 'update' } });
    const lockedParent = await message(alice, { locked: true });
    const commentOfLocked = await message(bob, { parent: { EID: lockedParent, type: 'update' } });
    const listener = await listen(networkEID);

    expect(await refusal(typeInThread(alice, commentOfLocked))).toBe('MESSAGING_ERR_MESSAGE_LOCKED');
    expect(await typeInThread(alice, comment)).toBeNull();
    expect(await typeInThread(alice, parent)).toBeNull(); // the same thread: throttled
    await typeInThread(bob, parent);

    const events = await listener.until(2);
    expect(events.map((event) => event.data)).toEqual([
      { user: user(alice), message: { type: 'update', EID: parent }, expiresInMs: TYPING_EXPIRES_MS },
      { user: user(bob), message: { type: 'update', EID: parent }, expiresInMs: TYPING_EXPIRES_MS },
    ]);
  });
});

/**
 * Presence changes on the live stream, over real NATS and the real store: `presence.update`'s
 * handler called with the request the gateway sends, each ephemeral event read off the network's
 * subject as a gateway reads it (type, audience, data). A change goes to the network, or only to
 * the person when they hide their presence; an unchanged status or a refused update sends nothing:
 * each check ends with one change and asserts that its event is the only one that came.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  ephemeralSubject,
  findRoute,
  type EphemeralEvent,
  type PresenceStatus,
  type RequestContext,
  type RouteIdOf,
} from '@ncs/contracts';
import {
  createLogger,
  createServiceRuntime,
  WithStatus,
  type RpcHandler,
  type RuntimeHandle,
} from '@ncs/service-kit';
import { buildAuthService } from '../src/app.js';
import { loadAuthConfig } from '../src/config.js';
import { ensureAccount, ensureMembership, ensureNetwork } from '../src/directory/provisioning.js';
import type { AuthModels } from '../src/models.js';

let runtime: RuntimeHandle;
let stopModule: (() => Promise<void>) | undefined;
let models: AuthModels;
let handlers: ReadonlyMap<string, RpcHandler>;
const unique = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  runtime = await createServiceRuntime({
    service: 'auth',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName: `auth_presence_events_${unique()}`,
    rpcTimeoutMs: 10_000,
    logger: createLogger({ service: 'auth', level: 'silent' }),
  });
  const module = buildAuthService(
    runtime,
    loadAuthConfig({ DEMO_DATA: 'false', SECRET_HASH_LOG2_COST: '10' }),
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

interface Person {
  readonly networkEID: string;
  readonly profileEID: string;
}

async function newNetwork(): Promise<string> {
  const name = `presence-${unique()}`;
  return String((await ensureNetwork(models, { subdomain: name, name }))._id);
}

async function newPerson(networkEID: string): Promise<Person> {
  const accountId = await ensureAccount(models, {
    email: `${unique()}@presence.example`,
    password: 'presence-pass-123',
    firstName: 'Presence',
    lastName: 'Tester',
  });
  return {
    networkEID,
    profileEID: await ensureMembership(models, { networkEID, accountId, role: 'member' }),
  };
}

const contextOf = (person: Person): RequestContext => ({
  version: '2026.1.13',
  requestId: 'presence-events',
  networkEID: person.networkEID,
  principal: { profileEID: person.profileEID, external: false, roles: [], permissions: [] },
});

/**
 * A route's handler called in process, with the request the gateway sends: other test files serve
 * auth on the same NATS in the same queue group, so a request over NATS could reach their instance.
 */
async function call<T>(
  person: Person,
  id: RouteIdOf<'auth'>,
  params: Record<string, string>,
  body?: unknown,
) {
  const subject = findRoute(id).subject;
  const reply = await handlers.get(subject)!(
    {
      ctx: contextOf(person),
      params: { networkEID: person.networkEID, ...params },
      query: {},
      body,
    },
    { logger: runtime.logger, subject },
  );
  return (reply instanceof WithStatus ? reply.data : reply) as T;
}

const setPresence = (person: Person, status: PresenceStatus, of: Person = person) =>
  call<{ status: string }>(person, 'presence.update', { profileEID: of.profileEID }, { status });

/** The catalogue name a call is refused with. */
const refusal = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: { errorName?: string }) => error.errorName,
  );

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

const presence = (person: Person, status: PresenceStatus, audience: EphemeralEvent['audience']) => ({
  type: 'presence',
  networkEID: person.networkEID,
  audience,
  data: { user: { type: 'user', EID: person.profileEID }, status, source: 'presence' },
});

describe('presence changes on the live stream', () => {
  it('sends each change to the network, and nothing for an unchanged status or a refused update', async () => {
    const networkEID = await newNetwork();
    const [alice, bob] = [await newPerson(networkEID), await newPerson(networkEID)];
    const listener = await listen(networkEID);

    await setPresence(alice, 'offline'); // never set reads offline: unchanged
    await setPresence(alice, 'online');
    await setPresence(alice, 'online'); // unchanged
    expect(await refusal(setPresence(bob, 'away', alice))).toBe('ACCOUNT_ERR_NOT_OWNER');
    await setPresence(alice, 'away');

    expect(await listener.until(2)).toEqual([
      presence(alice, 'online', { kind: 'network' }),
      presence(alice, 'away', { kind: 'network' }),
    ]);
  });

  it('sends a change only to the person when they hide their presence', async () => {
    const networkEID = await newNetwork();
    const alice = await newPerson(networkEID);
    await call(alice, 'userSettings.update', { profileEID: alice.profileEID }, { showPresence: false });
    const listener = await listen(networkEID);

    await setPresence(alice, 'online');
    await setPresence(alice, 'online'); // unchanged

    expect(await listener.until(1)).toEqual([
      presence(alice, 'online', { kind: 'people', profileEIDs: [alice.profileEID] }),
    ]);
  });
});

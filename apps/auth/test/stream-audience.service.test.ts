/**
 * `internalSubjects.streamAudience` over real NATS and the real store: a person's standing when
 * their live stream opens (network admin, external, active groups with their group role). The
 * groups, invitations, removals and requests are made through the groups routes, as clients make
 * them; the read is checked to be served by a declared index (the index-coverage rules).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  findRoute,
  internalSubjects,
  STREAM_AUDIENCE_MAX_GROUPS,
  type RequestContext,
  type RouteIdOf,
  type StoredRole,
} from '@ncs/contracts';
import {
  createLogger,
  createServiceRuntime,
  serveModule,
  shapesOf,
  type RuntimeHandle,
  type ServedModule,
} from '@ncs/service-kit';
import { Types, type mongo } from 'mongoose';
import { serves, supportingIndex, type DeclaredIndex } from '../../../tests/support/index-coverage.js';
import { buildAuthService } from '../src/app.js';
import { loadAuthConfig } from '../src/config.js';
import { ensureAccount, ensureMembership, ensureNetwork } from '../src/directory/provisioning.js';
import type { AuthModels } from '../src/models.js';

// Set, the runtime turns the driver's command monitoring on (the read's shape is checked below).
const commandLogDir = mkdtempSync(join(tmpdir(), 'auth-stream-audience-'));
let runtime: RuntimeHandle;
let served: ServedModule;
let models: AuthModels;
const unique = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  runtime = await createServiceRuntime({
    service: 'auth',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName: `auth_stream_audience_${unique()}`,
    rpcTimeoutMs: 10_000,
    logger: createLogger({ service: 'auth', level: 'silent' }),
    commandLogDir,
  });
  const module = buildAuthService(
    runtime,
    loadAuthConfig({ DEMO_DATA: 'false', SECRET_HASH_LOG2_COST: '10' }),
  );
  models = module.models;
  served = await serveModule(runtime, module, { version: '0.0.0-test', description: 'auth under test' });
});

afterAll(async () => {
  await served?.stop();
  await runtime?.db.dropDatabase();
  await runtime?.close();
  rmSync(commandLogDir, { recursive: true, force: true });
});

interface Person {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly accountId: string;
}

async function newNetwork(): Promise<string> {
  const name = `stream-${unique()}`;
  return String((await ensureNetwork(models, { subdomain: name, name }))._id);
}

async function newPerson(
  networkEID: string,
  role: StoredRole = 'member',
  options: { external?: boolean; accountId?: string } = {},
): Promise<Person> {
  const accountId =
    options.accountId ??
    (await ensureAccount(models, {
      email: `${unique()}@stream.example`,
      password: 'stream-pass-123',
      firstName: 'Stream',
      lastName: 'Tester',
    }));
  const profileEID = await ensureMembership(models, {
    networkEID,
    accountId,
    role,
    ...(options.external ? { external: true } : {}),
  });
  return { networkEID, profileEID, accountId };
}

const contextOf = (person: Person): RequestContext => ({
  version: '2026.1.13',
  requestId: 'stream-audience',
  networkEID: person.networkEID,
  principal: { profileEID: person.profileEID, external: false, roles: [], permissions: [] },
});

/** A groups route called over NATS as `person`, as the gateway calls it. */
function call<T>(
  person: Person,
  id: RouteIdOf<'auth'>,
  params: Record<string, string>,
  body?: unknown,
): Promise<T> {
  return runtime.rpc.request<T>(findRoute(id).subject, {
    ctx: contextOf(person),
    params: { networkEID: person.networkEID, ...params },
    query: {},
    ...(body === undefined ? {} : { body }),
  });
}

async function newGroup(creator: Person, fields: { hidden?: boolean } = {}): Promise<string> {
  const group = await call<{ EID: string }>(
    creator,
    'group.create',
    {},
    { name: `Group ${unique()}`, ...fields },
  );
  return group.EID;
}

const addMember = (admin: Person, groupEID: string, person: Person, state: 'active' | 'invited' = 'active') =>
  call(admin, 'groupMember.add', { groupEID }, { profileEID: person.profileEID, state });

const audienceOf = (person: Person, asNetwork: string = person.networkEID) =>
  runtime.rpc.request(internalSubjects.streamAudience, {
    ctx: { version: '2026.1.13', requestId: 'stream-audience', networkEID: asNetwork },
    body: { profileEID: person.profileEID },
  });

const byEID = <T extends { EID: string }>(groups: T[]) =>
  [...groups].sort((a, b) => (a.EID < b.EID ? -1 : 1));

describe('the stream audience of a person', () => {
  it('lists the active groups, hidden ones too, with the group role; not invitations, requests, removals or another network', async () => {
    const networkEID = await newNetwork();
    const admin = await newPerson(networkEID, 'admin');
    const member = await newPerson(networkEID);
    const publicGroup = await newGroup(admin);
    const hiddenGroup = await newGroup(admin, { hidden: true });
    const invitedTo = await newGroup(admin);
    const removedFrom = await newGroup(admin);
    const requested = await newGroup(admin);
    await addMember(admin, publicGroup, member);
    await addMember(admin, hiddenGroup, member);
    await addMember(admin, invitedTo, member, 'invited');
    await addMember(admin, removedFrom, member);
    await call(admin, 'groupMember.remove', { groupEID: removedFrom, profileEID: member.profileEID });
    await call(member, 'groupRequest.create', { groupEID: requested }, {});
    // The creator of a group administers it.
    const administered = await newGroup(member);
    // The same account in another network, a member of a group there.
    const elsewhere = await newNetwork();
    const otherAdmin = await newPerson(elsewhere, 'admin');
    const memberElsewhere = await newPerson(elsewhere, 'member', { accountId: member.accountId });
    await addMember(otherAdmin, await newGroup(otherAdmin), memberElsewhere);

    expect(await audienceOf(member)).toEqual({
      admin: false,
      external: false,
      groups: byEID([
        { EID: publicGroup, admin: false },
        { EID: hiddenGroup, admin: false },
        { EID: administered, admin: true },
      ]),
      truncated: false,
      showPresence: true,
    });
    expect(await audienceOf(admin)).toEqual({
      admin: true,
      external: false,
      groups: byEID(
        [publicGroup, hiddenGroup, invitedTo, removedFrom, requested].map((EID) => ({ EID, admin: true })),
      ),
      truncated: false,
      showPresence: true,
    });
  });

  it('says whether the person lets the network see their presence', async () => {
    const networkEID = await newNetwork();
    const [shown, hidden] = [await newPerson(networkEID), await newPerson(networkEID)];
    await call(hidden, 'userSettings.update', { profileEID: hidden.profileEID }, { showPresence: false });
    expect(await audienceOf(shown)).toMatchObject({ showPresence: true });
    expect(await audienceOf(hidden)).toMatchObject({ showPresence: false });
  });

  it('says network admin for every administrator role variant, and external for a guest', async () => {
    const networkEID = await newNetwork();
    const manager = await newPerson(networkEID, 'community_manager');
    const guest = await newPerson(networkEID, 'member', { external: true });
    expect(await audienceOf(manager)).toMatchObject({ admin: true, external: false, groups: [] });
    expect(await audienceOf(guest)).toMatchObject({ admin: false, external: true, groups: [] });
  });

  it('is 404 for a person who is not an active member of the network, and 400 for a body that is no EID', async () => {
    const networkEID = await newNetwork();
    const member = await newPerson(networkEID);
    await expect(audienceOf(member, await newNetwork())).rejects.toMatchObject({ status: 404 });
    await models.Profile.updateOne({ _id: member.profileEID }, { $set: { userState: 'suspended' } });
    await expect(audienceOf(member)).rejects.toMatchObject({ status: 404 });
    await expect(
      runtime.rpc.request(internalSubjects.streamAudience, {
        ctx: { version: '2026.1.13', requestId: 'stream-audience', networkEID },
        body: { profileEID: 'not-an-eid' },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it(`answers at most ${STREAM_AUDIENCE_MAX_GROUPS} groups, the first by EID, and says it truncated`, async () => {
    const networkEID = await newNetwork();
    const member = await newPerson(networkEID);
    const groupEIDs = Array.from({ length: STREAM_AUDIENCE_MAX_GROUPS + 2 }, () =>
      String(new Types.ObjectId()),
    );
    await models.GroupMembership.collection.insertMany(
      groupEIDs.map((groupEID) => ({
        networkEID,
        groupEID,
        profileEID: member.profileEID,
        role: 'member',
        state: 'active',
        external: false,
      })),
    );
    const audience = await audienceOf(member);
    expect(audience.truncated).toBe(true);
    expect(audience.groups.map((group) => group.EID)).toEqual(
      [...groupEIDs].sort().slice(0, STREAM_AUDIENCE_MAX_GROUPS),
    );
  });

  it('reads the memberships with one query that a declared index serves', async () => {
    const networkEID = await newNetwork();
    const admin = await newPerson(networkEID, 'admin');
    await newGroup(admin);
    const commands: Record<string, unknown>[] = [];
    const client = runtime.db.getClient();
    const listener = (event: mongo.CommandStartedEvent) => {
      if (event.command.find === 'group_memberships') commands.push(event.command);
    };
    client.on('commandStarted', listener);
    await audienceOf(admin);
    client.off('commandStarted', listener);
    expect(commands).toHaveLength(1);
    const command = commands[0]!;
    // The driver hands the sort over as a Map, which the shape reader takes for an object.
    const sort = command.sort instanceof Map ? Object.fromEntries(command.sort) : command.sort;
    const [shape] = shapesOf(runtime.db.name, { ...command, sort });
    expect(shape).toMatchObject({
      branches: [{ networkEID: 'eq', profileEID: 'eq', state: 'eq' }],
      sort: [['groupEID', 1]],
    });
    const declared: DeclaredIndex[] = models.GroupMembership.schema.indexes().map(([keys, options]) => ({
      keys: Object.entries(keys).map(([key, direction]) => [key, Number(direction) < 0 ? -1 : 1] as const),
      unique: options.unique === true,
    }));
    expect(supportingIndex(shape!, declared)).toBeDefined();
    // The index that bounds the scan by the person (the unique one, in group order too, would walk
    // every membership of the network).
    const byPerson = declared.find(
      (index) => index.keys.map(([key]) => key).join() === 'networkEID,profileEID,state,groupEID',
    );
    expect(byPerson && serves(byPerson, shape!.branches[0]!, shape!.sort)).toBe(true);
  });
});

/**
 * Group relations over HTTP: a relation is the parent → subgroup link. Attaching a
 * top-level group below another (`create_subgroups` there, `edit_group` on the subgroup), reading
 * and listing relations, detaching (either side's editors); no cycles (409, also for two opposite
 * attaches at once), the hierarchy's type rules, 404 across tenants and for those who cannot see
 * the group, bad bodies 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  attach,
  relationsPath,
  unknownEID,
  type RelationBody,
} from '../../support/factories/group-directory.js';
import {
  addMember,
  groupsPath,
  newGroup,
  type Collection,
  type GroupBody,
} from '../../support/factories/groups.js';

afterAll(closeFactories);

let network: TestNetwork;
let ownerToken: string;

beforeAll(async () => {
  network = await newNetwork();
  ownerToken = await (await network.newMember()).token();
});

const group = (fields: Record<string, unknown> = {}, token = ownerToken) =>
  newGroup(network.networkEID, token, fields);

describe('attaching a subgroup', () => {
  it('links a top-level group below another: 201 with Location, readable, listed, idempotent', async () => {
    const [parent, child] = await Promise.all([group({ name: 'Parent' }), group({ name: 'Child' })]);
    const made = await attach(network.networkEID, parent.EID, child.EID, ownerToken);
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      type: 'group_relation',
      EID: child.EID,
      parent: { type: 'group', EID: parent.EID },
      subgroup: { type: 'group', EID: child.EID },
    });
    expect(made.headers.get('location')).toMatch(
      new RegExp(`/groups/${parent.EID}/relations/${child.EID}/$`),
    );
    expect(made.body._links.subgroup?.href).toMatch(new RegExp(`/groups/${child.EID}/$`));
    expect(made.body._links.parentGroup?.href).toMatch(new RegExp(`/groups/${parent.EID}/$`));

    const one = await call<RelationBody>(relationsPath(network.networkEID, parent.EID, `${child.EID}/`), {
      token: ownerToken,
    });
    expect([one.status, one.body.EID]).toEqual([200, child.EID]);
    const list = await call<Collection<RelationBody>>(relationsPath(network.networkEID, parent.EID), {
      token: ownerToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body._embedded.relations!.map((r) => r.EID)).toEqual([child.EID]);
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${child.EID}/`), {
      token: ownerToken,
    });
    expect(read.body.parent).toEqual({ type: 'group', EID: parent.EID });
    const subgroups = await call<Collection>(groupsPath(network.networkEID, `${parent.EID}/subgroups/`), {
      token: ownerToken,
    });
    expect(subgroups.body._embedded.groups!.map((g) => g.EID)).toEqual([child.EID]);

    const again = await attach(network.networkEID, parent.EID, child.EID, ownerToken);
    expect(again.status).toBe(200);
  });

  it('refuses cycles (409 -226) and a second parent (409 -225)', async () => {
    const [a, b, c] = await Promise.all([group(), group(), group()]);
    expect((await attach(network.networkEID, a.EID, b.EID, ownerToken)).status).toBe(201);
    expect((await attach(network.networkEID, b.EID, c.EID, ownerToken)).status).toBe(201);
    const cycle = await attach(network.networkEID, c.EID, a.EID, ownerToken);
    expect([cycle.status, cycle.body.code]).toEqual([409, -226]);
    const self = await attach(network.networkEID, a.EID, a.EID, ownerToken);
    expect([self.status, self.body.code]).toEqual([409, -226]);
    const second = await attach(network.networkEID, a.EID, c.EID, ownerToken);
    expect([second.status, second.body.code]).toEqual([409, -225]);
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${a.EID}/`), { token: ownerToken });
    expect(read.body.parent).toBeNull();
  });

  it('never makes a cycle when two opposite attaches run at once', async () => {
    const [a, b] = await Promise.all([group(), group()]);
    const answers = await Promise.all([
      attach(network.networkEID, a.EID, b.EID, ownerToken),
      attach(network.networkEID, b.EID, a.EID, ownerToken),
    ]);
    expect(answers.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const [ra, rb] = await Promise.all(
      [a, b].map((g) => call<GroupBody>(groupsPath(network.networkEID, `${g.EID}/`), { token: ownerToken })),
    );
    expect(ra!.body.parent !== null && rb!.body.parent !== null).toBe(false);
  });

  it('follows the hierarchy’s type rules (400 -224 naming /body/subgroup/EID)', async () => {
    const adminToken = await network.admin.token();
    const [unit, plain] = await Promise.all([group({ groupType: 'business_unit' }, adminToken), group()]);
    const refused = await attach(network.networkEID, plain.EID, unit.EID, adminToken);
    expect([refused.status, refused.body.code]).toEqual([400, -224]);
    expect(refused.body.errors?.[0]?.pointer).toBe('/body/subgroup/EID');
    const unknown = await attach(network.networkEID, plain.EID, unknownEID(), ownerToken);
    expect([unknown.status, unknown.body.code, unknown.body.errors?.[0]?.pointer]).toEqual([
      400,
      -224,
      '/body/subgroup/EID',
    ]);
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const parent = await group();
    for (const [json, pointer] of [
      [{}, '/body/subgroup'],
      [{ subgroup: { type: 'group', EID: 'nope' } }, '/body/subgroup/EID'],
      [{ subgroup: { type: 'user', EID: unknownEID() } }, '/body/subgroup/type'],
    ] as const) {
      const answer = await call<RelationBody>(relationsPath(network.networkEID, parent.EID), {
        token: ownerToken,
        json,
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.text).toContain(pointer);
    }
  });
});

describe('who may attach and detach', () => {
  it('needs create_subgroups on the parent and edit_group on the subgroup (403)', async () => {
    const other = await network.newMember();
    const otherToken = await other.token();
    const [parent, foreignChild, ownChild] = await Promise.all([
      group(),
      group({}, otherToken),
      group({}, otherToken),
    ]);
    await addMember(network.networkEID, parent.EID, ownerToken, other.profileEID);
    // A plain member of the parent lacks create_subgroups there.
    const asMember = await attach(network.networkEID, parent.EID, ownChild.EID, otherToken);
    expect([asMember.status, asMember.body.code]).toEqual([403, -151]);
    // The parent's admin lacks edit_group on a group it does not run.
    const notEditor = await attach(network.networkEID, parent.EID, foreignChild.EID, ownerToken);
    expect([notEditor.status, notEditor.body.code]).toEqual([403, -151]);
    // A network admin holds both.
    const byAdmin = await attach(
      network.networkEID,
      parent.EID,
      foreignChild.EID,
      await network.admin.token(),
    );
    expect(byAdmin.status).toBe(201);
    // The subgroup's admin (edit_group there) may detach it; a stranger may not.
    const stranger = await (await network.newMember()).token();
    const path = relationsPath(network.networkEID, parent.EID, `${foreignChild.EID}/`);
    expect((await call(path, { token: stranger, method: 'DELETE' })).status).toBe(403);
    expect((await call(path, { token: otherToken, method: 'DELETE' })).status).toBe(204);
    const gone = await call<RelationBody>(path, { token: ownerToken });
    expect([gone.status, gone.body.code]).toEqual([404, -228]);
    const read = await call<GroupBody>(groupsPath(network.networkEID, `${foreignChild.EID}/`), {
      token: ownerToken,
    });
    expect(read.body.parent).toBeNull();
  });

  it('keeps a local department below a department (409 -227)', async () => {
    const adminToken = await network.admin.token();
    const department = await group({ groupType: 'department' }, adminToken);
    const local = await group(
      { groupType: 'local_department', parent: { type: 'group', EID: department.EID } },
      adminToken,
    );
    const path = relationsPath(network.networkEID, department.EID, `${local.EID}/`);
    expect((await call(path, { token: adminToken })).status).toBe(200);
    const detached = await call<RelationBody>(path, { token: adminToken, method: 'DELETE' });
    expect([detached.status, detached.body.code]).toEqual([409, -227]);
  });
});

describe('not seen, not there', () => {
  it('is 404 for a hidden group to outsiders, for a group that is no subgroup, and across networks', async () => {
    const [hidden, parent, child] = await Promise.all([group({ hidden: true }), group(), group()]);
    expect((await attach(network.networkEID, parent.EID, child.EID, ownerToken)).status).toBe(201);
    const outsider = await (await network.newMember()).token();
    expect((await call(relationsPath(network.networkEID, hidden.EID), { token: outsider })).status).toBe(404);
    const outsiderParent = await group({}, outsider);
    const hiddenChild = await attach(network.networkEID, outsiderParent.EID, hidden.EID, outsider);
    expect([hiddenChild.status, hiddenChild.body.code]).toEqual([400, -224]);
    const notSub = await call<RelationBody>(relationsPath(network.networkEID, child.EID, `${parent.EID}/`), {
      token: ownerToken,
    });
    expect([notSub.status, notSub.body.code]).toEqual([404, -228]);

    const elsewhere = await newNetwork();
    const foreign = await elsewhere.admin.token();
    for (const [path, method] of [
      [relationsPath(network.networkEID, parent.EID), 'GET'],
      [relationsPath(network.networkEID, parent.EID, `${child.EID}/`), 'GET'],
      [relationsPath(network.networkEID, parent.EID, `${child.EID}/`), 'DELETE'],
      [relationsPath(elsewhere.networkEID, parent.EID), 'GET'],
    ] as const) {
      expect((await call(path, { token: foreign, method })).status, path).toBe(404);
    }
    const theirs = await newGroup(elsewhere.networkEID, foreign);
    const crossed = await attach(elsewhere.networkEID, theirs.EID, child.EID, foreign);
    expect([crossed.status, crossed.body.code]).toEqual([400, -224]);
  });
});

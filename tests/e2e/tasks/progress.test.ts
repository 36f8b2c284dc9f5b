/**
 * Task progress and recipients over HTTP (spec: "Tasks and polls"): the five cases of
 * `GET /networks/{networkEID}/tasks/{eid}/progress/` in the server's fixed order across pages
 * (split: users by fullName; shared with several groups: child tasks by group name then
 * createdAt; single-group shared and individual: empty; associated: 404), its filters `completed`,
 * `q` and `groupEID` (split only, else 400), `VIEW_TASK` (403), and
 * `GET /network/{networkEID}/tasks/{taskEID}/recipients/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import {
  groupRef,
  namedMembers,
  newTask,
  progressPath,
  recipientsPath,
  setCompleted,
  tasksPath,
  userRef,
  type NamedPerson,
  type TaskBody,
} from '../../support/factories/tasks.js';

afterAll(closeFactories);

interface ProgressUser {
  type: string;
  EID: string;
  fullName: string;
  assignment: { completed: boolean; completedAt: string | null };
}
type Progress = Collection<ProgressUser | TaskBody> & {
  _embedded: { users?: ProgressUser[]; messages?: TaskBody[] };
};

let network: TestNetwork;
let adminToken: string;
let people: NamedPerson[];
let viaGroup: NamedPerson[];
let groupEID: string;
let split: TaskBody;

// Names out of EID order, one lowercase: the order is by fullName, case-insensitive.
const NAMES = [
  ['Zoe', 'Adams'],
  ['anna', 'Brown'],
  ['Carl', 'Smith'],
] as const;
const GROUP_NAMES = [
  ['Bea', 'Jones'],
  ['Dan', 'Young'],
] as const;

beforeAll(async () => {
  network = await newNetwork('Task progress');
  adminToken = await network.admin.token();
  const group = await newGroup(network.networkEID, adminToken);
  groupEID = group.EID;
  people = await namedMembers(network, NAMES);
  viaGroup = await namedMembers(network, GROUP_NAMES, { EID: group.EID, adminToken });
  // The admin created the group: a member too, named "Test Person".
  split = await newTask(network.networkEID, adminToken, {
    assignees: people.map((p) => userRef(p.profileEID)),
    groups: [groupRef(group.EID)],
    split: true,
  });
});

const progress = (taskEID: string, query: string, token = adminToken) =>
  call<Progress>(progressPath(network.networkEID, taskEID, query), { token });
const names = (page: Progress) => (page._embedded.users ?? []).map((u) => u.fullName);

describe('progress of a split task: users by fullName', () => {
  it('pages the assignees by fullName ascending, embedded under users', async () => {
    const expected = ['anna Brown', 'Bea Jones', 'Carl Smith', 'Dan Young', 'Test Person', 'Zoe Adams'];
    const seen: string[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await progress(split.EID, `?limit=2&offset=${offset}`);
      expect(page.status, page.text).toBe(200);
      expect(page.body.total).toBe(6);
      expect(page.body._embedded.messages).toBeUndefined();
      seen.push(...names(page.body));
    }
    expect(seen).toEqual(expected);
    const first = await progress(split.EID, '?limit=2');
    expect(first.body._links.next?.href).toContain('offset=2');
    expect(first.body._embedded.users![0]).toMatchObject({
      type: 'user',
      assignment: { completed: false, completedAt: null },
    });
  });

  it('filters by completed and by name (q), in the same order across pages', async () => {
    const [zoe, anna, carl] = people;
    await Promise.all([zoe, carl].map((p) => setCompleted(network.networkEID, split.EID, p!.token)));
    const done = await progress(split.EID, '?completed=true&limit=1');
    expect(done.body.total).toBe(2);
    const next = await progress(split.EID, '?completed=true&limit=1&offset=1');
    expect([...names(done.body), ...names(next.body)]).toEqual(['Carl Smith', 'Zoe Adams']);
    expect(done.body._embedded.users![0]!.assignment.completed).toBe(true);
    const open = await progress(split.EID, '?completed=false&limit=10');
    expect(names(open.body)).toEqual(['anna Brown', 'Bea Jones', 'Dan Young', 'Test Person']);
    const named = await progress(split.EID, `?q=${encodeURIComponent('ANN')}`);
    expect(named.body._embedded.users!.map((u) => u.EID)).toEqual([anna!.profileEID]);
    const task = await call<TaskBody>(`/networks/${network.networkEID}/messages/${split.EID}/`, {
      token: adminToken,
    });
    expect(task.body.task).toMatchObject({
      kind: 'split',
      numAssignees: 6,
      numCompleted: 2,
      completed: false,
    });
  });

  it('filters by an addressed group (groupEID), paged', async () => {
    const first = await progress(split.EID, `?groupEID=${groupEID}&limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(3);
    const second = await progress(split.EID, `?groupEID=${groupEID}&limit=2&offset=2`);
    expect([...names(first.body), ...names(second.body)]).toEqual(['Bea Jones', 'Dan Young', 'Test Person']);
    expect(viaGroup).toHaveLength(2);
  });

  it('lists the recipients of the split task (the assignees), paged', async () => {
    const first = await call<Collection<{ type: string; EID: string }>>(
      recipientsPath(network.networkEID, split.EID, '?limit=4'),
      { token: people[0]!.token },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(6);
    const second = await call<Collection<{ type: string; EID: string }>>(
      recipientsPath(network.networkEID, split.EID, '?limit=4&offset=4'),
      { token: people[0]!.token },
    );
    const all = [...first.body._embedded.recipients!, ...second.body._embedded.recipients!];
    const expected = [...people, ...viaGroup].map((p) => p.profileEID).concat(network.admin.profileEID);
    expect(all.map((r) => r.EID)).toEqual([...expected].sort());
    expect(all.every((r) => r.type === 'user')).toBe(true);
  });
});

describe('progress of a shared task of several groups: child tasks by group name, then createdAt', () => {
  let shared: TaskBody;
  let groups: Record<string, string>;

  beforeAll(async () => {
    groups = {};
    for (const name of ['Gamma team', 'alpha team', 'Beta team']) {
      groups[name] = (
        await newGroup(network.networkEID, adminToken, { name: `${name} ${groupEID.slice(-6)}` })
      ).EID;
    }
    shared = await newTask(network.networkEID, adminToken, {
      groups: Object.values(groups).map(groupRef),
      dueDate: '2032-02-02T10:00:00+00:00',
    });
  });

  const childGroups = (page: Progress) => (page._embedded.messages ?? []).map((t) => t.task.groups[0]!.EID);

  it('pages the child tasks by recipient group name, embedded under messages', async () => {
    const first = await progress(shared.EID, '?limit=2');
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body._embedded.users).toBeUndefined();
    const second = await progress(shared.EID, '?limit=2&offset=2');
    expect([...childGroups(first.body), ...childGroups(second.body)]).toEqual([
      groups['alpha team'],
      groups['Beta team'],
      groups['Gamma team'],
    ]);
    const child = first.body._embedded.messages![0]!;
    expect(child.task).toMatchObject({ kind: 'associated', dueDate: '2032-02-02T10:00:00.000+00:00' });
    expect(child.parent).toEqual({ type: 'task', EID: shared.EID });
  });

  it('filters the children by completed and by group name (q); groupEID is a 400 here', async () => {
    const beta = (await progress(shared.EID, '?q=beta')).body._embedded.messages!;
    expect(beta.map((t) => t.task.groups[0]!.EID)).toEqual([groups['Beta team']]);
    // The admin created the groups: a member of each, so completes the child.
    await setCompleted(network.networkEID, beta[0]!.EID, adminToken);
    const done = await progress(shared.EID, '?completed=true');
    expect(childGroups(done.body)).toEqual([groups['Beta team']]);
    const open = await progress(shared.EID, '?completed=false&limit=1&offset=1');
    expect(open.body.total).toBe(2);
    expect(childGroups(open.body)).toEqual([groups['Gamma team']]);
    const refused = await progress(shared.EID, `?groupEID=${groupEID}`);
    expect(refused.status, refused.text).toBe(400);
    expect((refused.body as unknown as { code: number }).code).toBe(-359);
  });

  it('answers 404 for a child task (associated, a leaf) and lists its group as recipient', async () => {
    const [child] = (await progress(shared.EID, '?limit=1')).body._embedded.messages!;
    const answer = await progress(child!.EID, '');
    expect(answer.status, answer.text).toBe(404);
    expect((answer.body as unknown as { code: number }).code).toBe(-361);
    const recipients = await call<Collection<{ type: string; EID: string }>>(
      recipientsPath(network.networkEID, shared.EID),
      { token: adminToken },
    );
    const recipientRefs = (recipients.body._embedded.recipients ?? []).map((r) => groupRef(r.EID));
    expect(recipientRefs).toEqual(Object.values(groups).map(groupRef));
    expect(recipients.body._embedded.recipients!.every((r) => r.type === 'group')).toBe(true);
  });
});

describe('progress of single-group shared and individual tasks: empty', () => {
  it('answers an empty collection for both', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    await addMember(network.networkEID, group.EID, adminToken, people[0]!.profileEID);
    const shared = await newTask(network.networkEID, adminToken, { groups: [groupRef(group.EID)] });
    const individual = await newTask(network.networkEID, adminToken, {
      assignees: [userRef(people[1]!.profileEID)],
    });
    for (const task of [shared, individual]) {
      for (const query of ['?limit=1', '?limit=1&offset=1']) {
        const answer = await progress(task.EID, query);
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.total).toBe(0);
        expect(Object.values(answer.body._embedded).flat()).toEqual([]);
      }
    }
    // A member of the group completes the single-group shared task.
    const done = await setCompleted(network.networkEID, shared.EID, people[0]!.token);
    expect(done.body.task).toMatchObject({ completed: true, numCompleted: 1 });
  });
});

describe('VIEW_TASK, tenants and members', () => {
  it('an assignee without VIEW_TASK gets 403 -360; the author and network admins read it', async () => {
    const answer = await progress(split.EID, '', people[0]!.token);
    expect(answer.status, answer.text).toBe(403);
    expect((answer.body as unknown as { code: number }).code).toBe(-360);
    const author = await newTask(network.networkEID, people[0]!.token, {
      assignees: [userRef(people[1]!.profileEID), userRef(people[2]!.profileEID)],
    });
    expect((await progress(author.EID, '', people[0]!.token)).status).toBe(200);
    expect((await progress(author.EID, '', adminToken)).status).toBe(200);
    expect((await progress(author.EID, '', people[1]!.token)).status).toBe(403);
  });

  it('the administrators of the group a task is posted to hold VIEW_TASK; its members do not', async () => {
    const group = await newGroup(network.networkEID, adminToken);
    await addMember(network.networkEID, group.EID, adminToken, people[1]!.profileEID, { role: 'admin' });
    await addMember(network.networkEID, group.EID, adminToken, people[2]!.profileEID);
    const task = await newTask(
      network.networkEID,
      adminToken,
      { assignees: [userRef(people[2]!.profileEID)] },
      { group: groupRef(group.EID) },
    );
    expect((await progress(task.EID, '', people[1]!.token)).status).toBe(200);
    const member = await progress(task.EID, '', people[2]!.token);
    expect(member.status, member.text).toBe(403);
  });

  it('another network’s admin and a member who cannot read the task get 404', async () => {
    const other = await newNetwork('Task progress elsewhere');
    const otherToken = await other.admin.token();
    expect((await progress(split.EID, '', otherToken)).status).toBe(404);
    const ownPath = `/networks/${other.networkEID}/tasks/${split.EID}/progress/`;
    expect((await call(ownPath, { token: otherToken })).status).toBe(404);
    const recipients = await call(recipientsPath(other.networkEID, split.EID), { token: otherToken });
    expect(recipients.status).toBe(404);
    // A task in a private group: a non-member of the network's other people cannot read it.
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    await addMember(network.networkEID, hidden.EID, adminToken, people[0]!.profileEID);
    const inside = await newTask(
      network.networkEID,
      adminToken,
      { assignees: [userRef(people[0]!.profileEID)] },
      { group: groupRef(hidden.EID) },
    );
    expect((await progress(inside.EID, '', people[1]!.token)).status).toBe(404);
    expect(
      (await call(recipientsPath(network.networkEID, inside.EID), { token: people[1]!.token })).status,
    ).toBe(404);
    const list = await call<Collection<TaskBody>>(tasksPath(network.networkEID), { token: people[0]!.token });
    expect(list.body._embedded.messages!.map((t) => t.EID)).toContain(inside.EID);
  });
});

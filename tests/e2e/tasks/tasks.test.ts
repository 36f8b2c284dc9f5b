/**
 * Tasks over HTTP: posting a task of each kind (who it goes to, checked with
 * auth), completing and reopening it (only an assignee; the parent's counts consistent under
 * concurrent completion). The caller's tasks list: list.test.ts; events: events.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import { messagesPath } from '../../support/factories/messages.js';
import { waitUntil } from '../../support/factories/push.js';
import {
  groupRef,
  newTask,
  postTask,
  setCompleted,
  tasksPath,
  userRef,
  type TaskBody,
} from '../../support/factories/tasks.js';

afterAll(closeFactories);

interface Person {
  profileEID: string;
  token: string;
}
let network: TestNetwork;
let admin: Person;
let alice: Person;
let bob: Person;
let carol: Person;
let stranger: Person;

beforeAll(async () => {
  network = await newNetwork('Tasks');
  const [a, b, c] = await Promise.all([network.newMember(), network.newMember(), network.newMember()]);
  const other = await newNetwork('Tasks elsewhere');
  const person = async (p: { profileEID: string; token(): Promise<string> }): Promise<Person> => ({
    profileEID: p.profileEID,
    token: await p.token(),
  });
  [admin, alice, bob, carol, stranger] = [
    await person(network.admin),
    await person(a),
    await person(b),
    await person(c),
    await person(other.admin),
  ];
});

const pointersOf = (body: unknown) =>
  ((body as { errors?: { pointer: string }[] }).errors ?? []).map((e) => e.pointer);
const getTask = (EID: string, token: string) =>
  call<TaskBody>(messagesPath(network.networkEID, `${EID}/`), { token });

describe('posting a task', () => {
  it('to one person is an individual task with its due date, links and the assignee’s own view', async () => {
    const dueDate = '2030-05-01T12:00:00+00:00';
    const task = await newTask(network.networkEID, admin.token, {
      assignees: [userRef(alice.profileEID)],
      dueDate,
    });
    expect(task).toMatchObject({ type: 'task', author: userRef(admin.profileEID) });
    expect(task.task).toMatchObject({
      kind: 'individual',
      dueDate: '2030-05-01T12:00:00.000+00:00', // as every timestamp is served
      completed: false,
      completedAt: null,
      completedBy: null,
      numAssignees: 1,
      numCompleted: 0,
      assignees: [userRef(alice.profileEID)],
      groups: [],
      _user: { assigned: false, completed: false },
    });
    expect(task._links.progress?.href).toContain(`/tasks/${task.EID}/progress/`);
    expect(task._links.recipients?.href).toContain(
      `/network/${network.networkEID}/tasks/${task.EID}/recipients/`,
    );
    const seen = await getTask(task.EID, alice.token);
    expect(seen.body.task._user).toEqual({ assigned: true, completed: false });
  });

  it('to several people is split; to groups shared; people and groups need split: true', async () => {
    const split = await newTask(network.networkEID, admin.token, {
      assignees: [userRef(alice.profileEID), userRef(bob.profileEID)],
    });
    // Read back as addressed: the people named, no group.
    expect(split.task).toMatchObject({
      kind: 'split',
      numAssignees: 2,
      assignees: [userRef(alice.profileEID), userRef(bob.profileEID)],
      groups: [],
      dueDate: null,
    });
    const group = await newGroup(network.networkEID, admin.token);
    await addMember(network.networkEID, group.EID, admin.token, carol.profileEID);
    const shared = await newTask(network.networkEID, admin.token, { groups: [groupRef(group.EID)] });
    expect(shared.task).toMatchObject({ kind: 'shared', numAssignees: 1, groups: [groupRef(group.EID)] });
    const both = await postTask(network.networkEID, admin.token, {
      assignees: [userRef(alice.profileEID)],
      groups: [groupRef(group.EID)],
    });
    expect(both.status, both.text).toBe(400);
    expect(both.body.code).toBe(-350);
    expect(pointersOf(both.body)).toEqual(['/body/task/split']);
    const mixed = await newTask(network.networkEID, admin.token, {
      assignees: [userRef(alice.profileEID)],
      groups: [groupRef(group.EID)],
      split: true,
    });
    // Alice, and the group's members: its creator (the admin) and Carol; read back as addressed.
    expect(mixed.task).toMatchObject({
      kind: 'split',
      numAssignees: 3,
      assignees: [userRef(alice.profileEID)],
      groups: [groupRef(group.EID)],
    });
  });

  it('answers 400 naming the field: no task object, nobody, a task object on an update', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: 'task', htmlBody: '<p>x</p>' }, -350, '/body/task'],
      [{ type: 'task', htmlBody: '<p>x</p>', task: {} }, -350, '/body/task/assignees'],
      [
        { type: 'update', htmlBody: '<p>x</p>', task: { assignees: [userRef(alice.profileEID)] } },
        -338,
        '/body/task',
      ],
    ];
    for (const [json, code, pointer] of cases) {
      const answer = await call(messagesPath(network.networkEID), { token: admin.token, json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.code).toBe(code);
      expect(pointersOf(answer.body)).toEqual([pointer]);
    }
    const badDate = await postTask(network.networkEID, admin.token, {
      assignees: [userRef(alice.profileEID)],
      dueDate: 'soon',
    });
    expect(badDate.status).toBe(400);
    expect(pointersOf(badDate.body).join()).toContain('/body/task/dueDate');
  });

  it('takes assignees who are active members of the network, and of the group it is posted to', async () => {
    const outsider = await postTask(network.networkEID, admin.token, {
      assignees: [userRef(stranger.profileEID)],
    });
    expect(outsider.status, outsider.text).toBe(400);
    expect(outsider.body.code).toBe(-351);
    expect(pointersOf(outsider.body)).toEqual(['/body/task/assignees/0/EID']);
    const group = await newGroup(network.networkEID, admin.token);
    await addMember(network.networkEID, group.EID, admin.token, alice.profileEID);
    const notInGroup = await postTask(
      network.networkEID,
      admin.token,
      { assignees: [userRef(alice.profileEID), userRef(bob.profileEID)] },
      { group: groupRef(group.EID) },
    );
    expect(notInGroup.status, notInGroup.text).toBe(400);
    expect(pointersOf(notInGroup.body)).toEqual(['/body/task/assignees/1/EID']);
    const inGroup = await newTask(
      network.networkEID,
      admin.token,
      { assignees: [userRef(alice.profileEID)] },
      { group: groupRef(group.EID) },
    );
    expect(inGroup.group).toEqual(groupRef(group.EID));
  });

  it('addresses a group only with its post_message (a member of a closed group: 403 -352)', async () => {
    const group = await newGroup(network.networkEID, admin.token, { membersMayPost: false });
    await addMember(network.networkEID, group.EID, admin.token, alice.profileEID);
    const answer = await postTask(network.networkEID, alice.token, { groups: [groupRef(group.EID)] });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body.code).toBe(-352);
    expect(pointersOf(answer.body)).toEqual(['/body/task/groups/0/EID']);
  });
});

describe('completing and reopening', () => {
  it('only the assignee completes an individual task; completing twice changes nothing; reopen', async () => {
    const task = await newTask(network.networkEID, admin.token, { assignees: [userRef(alice.profileEID)] });
    const refused = await setCompleted(network.networkEID, task.EID, bob.token);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe(-355);
    const done = await setCompleted(network.networkEID, task.EID, alice.token);
    expect(done.status, done.text).toBe(200);
    expect(done.body.task).toMatchObject({
      completed: true,
      completedBy: userRef(alice.profileEID),
      numCompleted: 1,
      _user: { assigned: true, completed: true },
    });
    expect(done.body.task.completedAt).toMatch(/\+00:00$/);
    const again = await setCompleted(network.networkEID, task.EID, alice.token);
    expect(again.body.task).toEqual(done.body.task);
    const reopened = await setCompleted(network.networkEID, task.EID, alice.token, false);
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.task).toMatchObject({
      completed: false,
      completedAt: null,
      completedBy: null,
      numCompleted: 0,
    });
  });

  it('keeps a split task’s counts consistent under concurrent completion', async () => {
    const task = await newTask(network.networkEID, admin.token, {
      assignees: [alice, bob, carol].map((p) => userRef(p.profileEID)),
    });
    // Each assignee twice, all at once: three completions count, never six.
    const answers = await Promise.all(
      [alice, bob, carol, alice, bob, carol].map((p) => setCompleted(network.networkEID, task.EID, p.token)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const done = await getTask(task.EID, admin.token);
    expect(done.body.task).toMatchObject({ completed: true, numAssignees: 3, numCompleted: 3 });
    expect(done.body.task.completedAt).not.toBeNull();
    // Reopening and completing at once: the count ends where the flips say.
    await Promise.all([
      setCompleted(network.networkEID, task.EID, alice.token, false),
      setCompleted(network.networkEID, task.EID, bob.token, false),
      setCompleted(network.networkEID, task.EID, bob.token, false),
      setCompleted(network.networkEID, task.EID, carol.token),
    ]);
    const after = await getTask(task.EID, alice.token);
    expect(after.body.task).toMatchObject({ completed: false, numCompleted: 1, _user: { completed: false } });
    await Promise.all([alice, bob].map((p) => setCompleted(network.networkEID, task.EID, p.token)));
    expect((await getTask(task.EID, admin.token)).body.task).toMatchObject({
      completed: true,
      numCompleted: 3,
    });
    const outsider = await setCompleted(network.networkEID, task.EID, admin.token);
    expect(outsider.status).toBe(403);
  });

  it('a shared task of several groups completes through its children, each by a member of its group', async () => {
    const [g1, g2] = await Promise.all([
      newGroup(network.networkEID, admin.token),
      newGroup(network.networkEID, admin.token),
    ]);
    await addMember(network.networkEID, g1.EID, admin.token, alice.profileEID);
    await addMember(network.networkEID, g2.EID, admin.token, bob.profileEID);
    const task = await newTask(network.networkEID, admin.token, {
      groups: [groupRef(g1.EID), groupRef(g2.EID)],
    });
    expect(task.task).toMatchObject({ kind: 'shared', numAssignees: 2, numCompleted: 0 });
    const direct = await setCompleted(network.networkEID, task.EID, alice.token);
    expect(direct.status, direct.text).toBe(409);
    expect(direct.body.code).toBe(-356);
    const list = await call<Collection<TaskBody>>(tasksPath(network.networkEID, '?limit=100'), {
      token: alice.token,
    });
    const child = list.body._embedded.messages!.find((t) => t.parent?.EID === task.EID)!;
    expect(child.task).toMatchObject({ kind: 'associated', groups: [groupRef(g1.EID)] });
    expect(child.parent).toEqual({ type: 'task', EID: task.EID });
    expect(child._links.parent?.href).toContain(`/messages/${task.EID}/`);
    expect((await setCompleted(network.networkEID, child.EID, bob.token)).status).toBe(403);
    const done = await setCompleted(network.networkEID, child.EID, alice.token);
    expect(done.body.task).toMatchObject({ completed: true, completedBy: userRef(alice.profileEID) });
    expect((await getTask(task.EID, admin.token)).body.task).toMatchObject({
      completed: false,
      numCompleted: 1,
    });
  });

  it('a non-task message is no task (404 -354); another network’s member gets 404', async () => {
    const update = await call<{ EID: string }>(messagesPath(network.networkEID), {
      token: admin.token,
      json: { type: 'update', htmlBody: '<p>not a task</p>' },
    });
    const answer = await setCompleted(network.networkEID, update.body.EID, admin.token);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(-354);
    const task = await newTask(network.networkEID, admin.token, { assignees: [userRef(alice.profileEID)] });
    expect((await setCompleted(network.networkEID, task.EID, stranger.token)).status).toBe(404);
  });
});

describe('people who join a group later', () => {
  it('are assigned its own open tasks (shared with it, or its part of a wider share), not split parts nor done tasks', async () => {
    const group = await newGroup(network.networkEID, admin.token);
    const other = await newGroup(network.networkEID, admin.token);
    const shared = await newTask(network.networkEID, admin.token, { groups: [groupRef(group.EID)] });
    const wide = await newTask(network.networkEID, admin.token, {
      groups: [groupRef(group.EID), groupRef(other.EID)],
    });
    const split = await newTask(network.networkEID, admin.token, {
      groups: [groupRef(group.EID)],
      split: true,
    });
    const done = await newTask(network.networkEID, admin.token, { groups: [groupRef(group.EID)] });
    expect((await setCompleted(network.networkEID, done.EID, admin.token)).status).toBe(200);
    const joiner = await network.newMember();
    const token = await joiner.token();
    const listed = () =>
      call<Collection<TaskBody>>(tasksPath(network.networkEID, '?limit=50'), { token }).then((answer) => {
        expect(answer.status, answer.text).toBe(200);
        return answer.body._embedded.messages ?? [];
      });
    expect(await listed()).toEqual([]);
    const membership = await addMember(network.networkEID, group.EID, admin.token, joiner.profileEID);
    expect(membership).toMatchObject({ state: 'active' });
    const tasks = await waitUntil(listed, (items) => items.length >= 2);
    const child = tasks.find((t) => t.EID !== shared.EID);
    expect(tasks.map((t) => t.EID)).toContain(shared.EID);
    expect(child?.task).toMatchObject({ kind: 'associated', groups: [groupRef(group.EID)] });
    expect(child?._links.parent?.href).toContain(wide.EID);
    expect(tasks.map((t) => t.EID)).not.toContain(split.EID);
    expect(tasks.map((t) => t.EID)).not.toContain(done.EID);
    expect(tasks).toHaveLength(2);
    // The new member completes the group's task like any other member.
    expect((await setCompleted(network.networkEID, shared.EID, token)).status).toBe(200);
  });
});

/**
 * The caller's tasks over HTTP (spec: "Tasks and polls"): `GET
 * /networks/{networkEID}/tasks/` soonest due first, its due-date and completion filters, -38 for an
 * inverted range, the `due_date_none` combination (400 naming both), `offset[self]` and the
 * 2024.3.0 gate of `offset[messages]` on both sides; 404 for another network's member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import type { Collection } from '../../support/factories/groups.js';
import { newTask, setCompleted, tasksPath, userRef, type TaskBody } from '../../support/factories/tasks.js';

afterAll(closeFactories);

interface Person {
  profileEID: string;
  token: string;
}

const pointersOf = (body: unknown) =>
  ((body as { errors?: { pointer: string }[] }).errors ?? []).map((e) => e.pointer);

describe('the caller’s tasks: GET /networks/{networkEID}/tasks/', () => {
  let own: TestNetwork;
  let ownAdmin: string;
  let worker: Person;
  let tasks: TaskBody[];
  const due = ['2031-01-10T09:00:00+00:00', '2031-01-20T09:00:00+00:00', '2031-01-30T09:00:00+00:00'];

  beforeAll(async () => {
    own = await newNetwork('Task list');
    ownAdmin = await own.admin.token();
    const member = await own.newMember();
    worker = { profileEID: member.profileEID, token: await member.token() };
    tasks = [];
    // Posted out of due order; one without due date; one assigned to someone else.
    for (const dueDate of [due[1], null, due[0], due[2]]) {
      tasks.push(
        await newTask(own.networkEID, ownAdmin, { assignees: [userRef(worker.profileEID)], dueDate }),
      );
    }
    await newTask(own.networkEID, ownAdmin, { assignees: [userRef(own.admin.profileEID)] });
    await setCompleted(own.networkEID, tasks[1]!.EID, worker.token); // the one without due date
  });

  const list = (query: string, version?: string) =>
    call<Collection<TaskBody>>(tasksPath(own.networkEID, query), {
      token: worker.token,
      ...(version ? { accept: mediaType(version) } : {}),
    });
  const EIDs = (page: Collection<TaskBody>) => (page._embedded?.messages ?? []).map((t) => t.EID);
  const eidOf = (i: number) => () => tasks[i]!.EID;
  const [t20, tNone, t10, t30] = [eidOf(0), eidOf(1), eidOf(2), eidOf(3)];

  it('lists the caller’s tasks, soonest due first, tasks without due date last, paged', async () => {
    const all = await list('');
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(4);
    expect(EIDs(all.body)).toEqual([t10(), t20(), t30(), tNone()]);
    const second = await list('?limit=2&offset=2');
    expect(EIDs(second.body)).toEqual([t30(), tNone()]);
    const self = await list('?limit=2&offset[self]=1');
    expect(EIDs(self.body)).toEqual([t20(), t30()]);
    // The next page's link states `offset` (and no longer `offset[self]`).
    const next = new URL(self.body._links.next!.href);
    expect(next.searchParams.get('offset')).toBe('3');
    expect(next.searchParams.has('offset[self]')).toBe(false);
    const followed = await list(`?${next.searchParams.toString()}`);
    expect(EIDs(followed.body)).toEqual([tNone()]);
  });

  it('filters by due date range, due_date_none and completed', async () => {
    const from = encodeURIComponent(due[1]!);
    const to = encodeURIComponent('2031-01-25T00:00:00+00:00');
    expect(EIDs((await list(`?due_date_from=${from}`)).body)).toEqual([t20(), t30()]);
    expect(EIDs((await list(`?due_date_to=${to}`)).body)).toEqual([t10(), t20()]);
    expect(EIDs((await list(`?due_date_from=${from}&due_date_to=${to}`)).body)).toEqual([t20()]);
    expect(EIDs((await list('?due_date_none=true')).body)).toEqual([tNone()]);
    expect(EIDs((await list('?due_date_none=false')).body)).toEqual([t10(), t20(), t30()]);
    expect(EIDs((await list('?completed=true')).body)).toEqual([tNone()]);
    expect(EIDs((await list('?completed=false')).body)).toEqual([t10(), t20(), t30()]);
  });

  it('answers an inverted range with -38 naming both dates', async () => {
    const answer = await list(
      `?due_date_from=${encodeURIComponent(due[2]!)}&due_date_to=${encodeURIComponent(due[0]!)}`,
    );
    expect(answer.status, answer.text).toBe(400);
    expect((answer.body as unknown as { code: number }).code).toBe(-38);
    expect(pointersOf(answer.body)).toEqual(['/query/due_date_from', '/query/due_date_to']);
  });

  it('refuses due_date_none with due_date_from or due_date_to, naming both (-357)', async () => {
    for (const other of ['due_date_from', 'due_date_to']) {
      const answer = await list(`?due_date_none=true&${other}=${encodeURIComponent(due[0]!)}`);
      expect(answer.status, answer.text).toBe(400);
      expect((answer.body as unknown as { code: number }).code).toBe(-357);
      expect(pointersOf(answer.body)).toEqual(['/query/due_date_none', `/query/${other}`]);
    }
  });

  it('offset[messages]: a 400 naming it from 2024.3.0; before, taken as the list’s offset', async () => {
    for (const version of ['2024.3.0', undefined]) {
      const answer = await list('?limit=2&offset[messages]=1', version);
      expect(answer.status, answer.text).toBe(400);
      expect((answer.body as unknown as { code: number }).code).toBe(-358);
      expect(pointersOf(answer.body)).toEqual(['/query/offset[messages]']);
    }
    const before = await list('?limit=2&offset[messages]=1', '2024.2.0');
    expect(before.status, before.text).toBe(200);
    expect(EIDs(before.body)).toEqual([t20(), t30()]);
    const selfWins = await list('?limit=2&offset[messages]=1&offset[self]=2', '2024.2.0');
    expect(EIDs(selfWins.body)).toEqual([t30(), tNone()]);
  });

  it('answers bad filters 400 naming them; another network’s member gets 404', async () => {
    for (const query of ['due_date_from=tomorrow', 'completed=maybe', 'offset[self]=-1']) {
      const answer = await list(`?${query}`);
      expect(answer.status, query).toBe(400);
      expect(pointersOf(answer.body).join(), query).toContain(query.split('=')[0]);
    }
    const other = await newNetwork('Task list elsewhere');
    const outsider = await call(tasksPath(own.networkEID), { token: await other.admin.token() });
    expect(outsider.status).toBe(404);
  });
});

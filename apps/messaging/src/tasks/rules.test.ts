import { describe, expect, it } from 'vitest';
import type { DomainError } from '@ncs/contracts';
import { type CallerGroupAccess } from '@ncs/contracts';
import {
  byGroupNameThenCreated,
  dueDateFilterOf,
  holdsViewTask,
  kindOf,
  listOffsetOf,
  nameStartsWithWords,
} from './rules.js';

const user = (EID: string) => ({ type: 'user', EID });
const group = (EID: string) => ({ type: 'group', EID });

function problemOf(run: () => unknown): { name: string; pointers: string[] } {
  try {
    run();
  } catch (error) {
    const e = error as DomainError;
    return { name: e.errorName, pointers: (e.details ?? []).map((d) => d.pointer) };
  }
  throw new Error('no error');
}

describe('kindOf', () => {
  it('one person is individual, several are split, groups are shared', () => {
    expect(kindOf({ assignees: [user('a')] })).toBe('individual');
    expect(kindOf({ assignees: [user('a'), user('b')] })).toBe('split');
    expect(kindOf({ groups: [group('g')] })).toBe('shared');
    expect(kindOf({ groups: [group('g'), group('h')] })).toBe('shared');
  });

  it('split: true makes one assignment per person, with groups too', () => {
    expect(kindOf({ assignees: [user('a')], split: true })).toBe('split');
    expect(kindOf({ groups: [group('g')], split: true })).toBe('split');
    expect(kindOf({ assignees: [user('a')], groups: [group('g')], split: true })).toBe('split');
  });

  it('refuses nobody, and people with groups without split', () => {
    expect(problemOf(() => kindOf({}))).toEqual({
      name: 'TASKS_ERR_ASSIGNEES_REQUIRED',
      pointers: ['/body/task/assignees'],
    });
    expect(problemOf(() => kindOf({ assignees: [user('a')], groups: [group('g')] })).pointers).toEqual([
      '/body/task/split',
    ]);
  });
});

describe('holdsViewTask', () => {
  const access = (networkAdmin: boolean, permissions: string[] = []): CallerGroupAccess => ({
    networkAdmin,
    groups: [{ EID: 'g', hidden: false, membersMayPost: true, member: true, permissions }],
  });
  it('the author, network admins and admins of the task’s group hold it', () => {
    expect(holdsViewTask({ authorEID: 'me' }, 'me', access(false))).toBe(true);
    expect(holdsViewTask({ authorEID: 'x' }, 'me', access(true))).toBe(true);
    expect(holdsViewTask({ authorEID: 'x', groupEID: 'g' }, 'me', access(false, ['edit_group']))).toBe(true);
    expect(holdsViewTask({ authorEID: 'x', groupEID: 'g' }, 'me', access(false, ['post_message']))).toBe(
      false,
    );
    expect(holdsViewTask({ authorEID: 'x', groupEID: null }, 'me', access(false, ['edit_group']))).toBe(
      false,
    );
  });
});

describe('the tasks list', () => {
  const query = (extra: Record<string, unknown>) => ({ limit: 20, offset: 0, ...extra }) as never;

  it('takes offset[self] first; offset[messages] only before 2024.3.0', () => {
    expect(listOffsetOf(query({ offset: 3 }), '2026.1.13')).toBe(3);
    expect(listOffsetOf(query({ offset: 3, 'offset[self]': 5 }), '2026.1.13')).toBe(5);
    expect(listOffsetOf(query({ 'offset[messages]': 4 }), '2024.2.0')).toBe(4);
    expect(listOffsetOf(query({ 'offset[messages]': 4, 'offset[self]': 1 }), '2024.2.0')).toBe(1);
    expect(listOffsetOf(query({ 'offset[messages]': 4, offset: 6 }), '2024.2.0')).toBe(6);
    expect(problemOf(() => listOffsetOf(query({ 'offset[messages]': 4 }), '2024.3.0'))).toEqual({
      name: 'TASKS_ERR_OFFSET_MESSAGES_UNSUPPORTED',
      pointers: ['/query/offset[messages]'],
    });
  });

  it('filters due dates by range or by none, never both; an inverted range is -38', () => {
    const from = '2030-01-01T00:00:00+00:00';
    const to = '2030-02-01T00:00:00+00:00';
    expect(dueDateFilterOf(query({}))).toEqual({});
    expect(dueDateFilterOf(query({ due_date_none: true }))).toEqual({ dueDate: null });
    expect(dueDateFilterOf(query({ due_date_none: false }))).toEqual({ dueDate: { $ne: null } });
    expect(dueDateFilterOf(query({ due_date_from: from, due_date_to: to }))).toEqual({
      dueDate: { $gte: new Date(from), $lte: new Date(to) },
    });
    expect(problemOf(() => dueDateFilterOf(query({ due_date_from: to, due_date_to: from })))).toEqual({
      name: 'INVALID_DATE_RANGE',
      pointers: ['/query/due_date_from', '/query/due_date_to'],
    });
    expect(problemOf(() => dueDateFilterOf(query({ due_date_none: false, due_date_to: to })))).toEqual({
      name: 'TASKS_ERR_DUE_DATE_NONE_COMBINED',
      pointers: ['/query/due_date_none', '/query/due_date_to'],
    });
  });
});

describe('the order and name filter of a shared task’s children', () => {
  it('sorts by group name case-insensitively, then creation, then EID', () => {
    const at = (ms: number) => new Date(ms);
    const items = [
      { groupName: 'beta', created: at(2), EID: 'c' },
      { groupName: 'Alpha', created: at(3), EID: 'b' },
      { groupName: 'beta', created: at(1), EID: 'd' },
      { groupName: 'alpha', created: at(3), EID: 'a' },
    ];
    expect([...items].sort(byGroupNameThenCreated).map((i) => i.EID)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('matches names whose words start with every word of q', () => {
    expect(nameStartsWithWords('Beta team', 'TEA be')).toBe(true);
    expect(nameStartsWithWords('Beta team', 'eta')).toBe(false);
    expect(nameStartsWithWords('Beta team', undefined)).toBe(true);
  });
});

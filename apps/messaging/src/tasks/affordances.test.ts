import { describe, expect, it } from 'vitest';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { taskActionsOf } from './affordances.js';

const AUTHOR = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

/** Only the profile matters to a task's actions. */
const callerOf = (profileEID: string) => ({ networkEID: 'n'.repeat(24), profileEID }) as Caller;

const taskOf = (task: Partial<NonNullable<MessageDoc['task']>>) =>
  ({
    type: 'task',
    authorEID: AUTHOR,
    task: { assigneeEIDs: [], groupEIDs: [], completed: false, numAssignees: 1, ...task },
  }) as MessageDoc;

describe('taskActionsOf', () => {
  it('offers complete to the assignee of an individual task, reopen once done', () => {
    const task = (completed: boolean) => taskOf({ kind: 'individual', assigneeEIDs: [OTHER], completed });
    expect(taskActionsOf(task(false), callerOf(OTHER), undefined)).toMatchObject({ complete: true });
    expect(taskActionsOf(task(true), callerOf(OTHER), undefined)).toMatchObject({ reopen: true });
    expect(taskActionsOf(task(false), callerOf(AUTHOR), undefined)).not.toHaveProperty('complete');
  });

  it("offers a split task's assignee what their own assignment allows; nothing without one", () => {
    const split = taskOf({ kind: 'split' });
    expect(taskActionsOf(split, callerOf(OTHER), { completed: false })).toEqual({ complete: true });
    expect(taskActionsOf(split, callerOf(OTHER), { completed: true })).toEqual({ reopen: true });
    expect(taskActionsOf(split, callerOf(OTHER), undefined)).toEqual({});
  });
});

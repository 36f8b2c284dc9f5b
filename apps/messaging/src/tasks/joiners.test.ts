import { describe, expect, expectTypeOf, it } from 'vitest';
import { isGroupOwnTask, joinerOf, type JoinedEvent } from './joiners.js';

const event = (data: Record<string, unknown>) => ({ networkEID: 'n', data }) as unknown as JoinedEvent;

describe('task joiners', () => {
  it('take active group memberships only', () => {
    const group = { type: 'group', EID: 'g' };
    const user = { type: 'user', EID: 'p' };
    expect(joinerOf(event({ group, user, state: 'active' }))).toEqual({ groupEID: 'g', profileEID: 'p' });
    expect(joinerOf(event({ group, user, state: 'invited' }))).toBeNull();
    // The catalogue types the event: a group membership always names its group (a network
    // membership is another event).
    expectTypeOf<JoinedEvent['data']['group']>().toExtend<{ type: 'group'; EID: string }>();
  });

  it('assign a group’s own tasks: shared with it alone, or its child of a wider share', () => {
    expect(isGroupOwnTask({ kind: 'shared', groupEIDs: ['g'] })).toBe(true);
    expect(isGroupOwnTask({ kind: 'associated', groupEIDs: ['g'] })).toBe(true);
    expect(isGroupOwnTask({ kind: 'shared', groupEIDs: ['g', 'h'] })).toBe(false);
    expect(isGroupOwnTask({ kind: 'split', groupEIDs: ['g'] })).toBe(false);
    expect(isGroupOwnTask({ kind: 'individual', groupEIDs: [] })).toBe(false);
  });
});

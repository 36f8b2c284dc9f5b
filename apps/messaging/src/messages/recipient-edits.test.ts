import { describe, expect, it } from 'vitest';
import { recipientsAfter, requireParticipantMentions } from './recipient-edits.js';

const message = { authorEID: 'A', recipientEIDs: ['B', 'C'], excludedRecipientEIDs: ['D'] };

describe('recipientsAfter', () => {
  it('adds, removes, keeps the author first among participants and remembers the removed', () => {
    const change = recipientsAfter(message, ['E', 'B'], ['C']);
    expect(change.set).toEqual({
      recipientEIDs: ['B', 'E'],
      participantEIDs: ['A', 'B', 'E'],
      excludedRecipientEIDs: ['D', 'C'],
    });
    expect(change.added).toEqual(['E']);
    expect(change.removed).toEqual(['C']);
  });

  it('takes an excluded one back when added again; removal wins over an addition in the same edit', () => {
    expect(recipientsAfter(message, ['D'], []).set.excludedRecipientEIDs).toEqual([]);
    const both = recipientsAfter(message, ['E'], ['E', 'A', 'Z']);
    expect(both.set.recipientEIDs).toEqual(['B', 'C']);
    expect(both.added).toEqual([]);
    expect(both.removed).toEqual([]);
  });
});

describe('requireParticipantMentions', () => {
  it('refuses a mention outside the participants, naming it; no rule without participants', () => {
    expect(() => requireParticipantMentions(['A', 'B'], [{ EID: 'B' }, { EID: 'C' }])).toThrow(
      expect.objectContaining({ errorName: 'MESSAGING_ERR_MENTION_OUTSIDER' }),
    );
    expect(() => requireParticipantMentions(['A', 'B'], [{ EID: 'A' }])).not.toThrow();
    expect(() => requireParticipantMentions(undefined, [{ EID: 'C' }])).not.toThrow();
    expect(() => requireParticipantMentions(null, undefined)).not.toThrow();
  });
});

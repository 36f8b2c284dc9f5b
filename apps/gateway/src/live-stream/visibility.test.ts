import { describe, expect, it } from 'vitest';
import { maySee, standingChangeOf, type Standing } from './visibility.js';

const member: Standing = {
  profileEID: 'p1',
  admin: false,
  showPresence: true,
  groups: new Map([
    ['g1', { admin: false }],
    ['g2', { admin: true }],
  ]),
};
const admin: Standing = { profileEID: 'p9', admin: true, showPresence: true, groups: new Map() };

describe('maySee', () => {
  it('lets every member of the network see a network event', () => {
    expect(maySee({ kind: 'network' }, member)).toBe(true);
  });

  it('shows a group event to its members only', () => {
    expect(maySee({ kind: 'group', groupEID: 'g1' }, member)).toBe(true);
    expect(maySee({ kind: 'group', groupEID: 'g3' }, member)).toBe(false);
    // A network administrator is not pushed the events of groups they are not in.
    expect(maySee({ kind: 'group', groupEID: 'g1' }, admin)).toBe(false);
  });

  it('shows a people event to the named people only', () => {
    expect(maySee({ kind: 'people', profileEIDs: ['p2', 'p1'] }, member)).toBe(true);
    expect(maySee({ kind: 'people', profileEIDs: ['p2'] }, member)).toBe(false);
  });

  it("shows the administrators' events to the network's administrators", () => {
    expect(maySee({ kind: 'admins' }, admin)).toBe(true);
    expect(maySee({ kind: 'admins' }, member)).toBe(false);
  });

  it("shows a group's administrative events to its admins, the network's, and the people named", () => {
    expect(maySee({ kind: 'group_admins', groupEID: 'g2' }, member)).toBe(true);
    expect(maySee({ kind: 'group_admins', groupEID: 'g1' }, member)).toBe(false);
    expect(maySee({ kind: 'group_admins', groupEID: 'g1', profileEIDs: ['p1'] }, member)).toBe(true);
    expect(maySee({ kind: 'group_admins', groupEID: 'g7' }, admin)).toBe(true);
  });

  it('shows an internal event to nobody', () => {
    expect(maySee({ kind: 'internal' }, admin)).toBe(false);
    expect(maySee({ kind: 'internal' }, member)).toBe(false);
  });
});

describe('standingChangeOf', () => {
  it('names the member of a membership event and the creator of a group', () => {
    expect(
      standingChangeOf({ type: 'auth.membership.added', data: { user: { type: 'user', EID: 'p1' } } }),
    ).toBe('p1');
    expect(standingChangeOf({ type: 'auth.group.created', actor: { EID: 'p2' }, data: {} })).toBe('p2');
  });

  it('names nobody for other events', () => {
    expect(
      standingChangeOf({ type: 'messaging.message.liked', data: { user: { EID: 'p1' } } }),
    ).toBeUndefined();
    expect(standingChangeOf({ type: 'auth.membership.added', data: {} })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { CallerGroupAccess } from '@ncs/contracts';
import { mayPin, pinTimelineOf, requirePinner } from './rules.js';

const G = 'a'.repeat(24);
const access = (networkAdmin: boolean, permissions: string[] = []): CallerGroupAccess => ({
  networkAdmin,
  groups: [{ EID: G, hidden: false, membersMayPost: true, member: true, permissions }],
});
const network = { type: 'update', status: 'published', timelineKey: 'network', groupEID: null };
const group = { type: 'update', status: 'published', timelineKey: `group:${G}`, groupEID: G };

describe('pins', () => {
  it('pins published messages of the network or a group timeline only', () => {
    expect(pinTimelineOf(network)).toBe('network');
    expect(pinTimelineOf(group)).toBe(`group:${G}`);
    expect(pinTimelineOf({ ...network, type: 'comment' })).toBeUndefined();
    expect(pinTimelineOf({ ...network, status: 'draft', timelineKey: null })).toBeUndefined();
    expect(pinTimelineOf({ type: 'private_message', timelineKey: null })).toBeUndefined();
    expect(pinTimelineOf({ type: 'update', timelineKey: `user:${G}` })).toBeUndefined();
  });

  it('lets network administrators pin everywhere, a group’s edit_group holders in it only', () => {
    expect(mayPin(access(true), network)).toBe(true);
    expect(mayPin(access(true), group)).toBe(true);
    expect(mayPin(access(false, ['edit_group']), group)).toBe(true);
    expect(mayPin(access(false, ['edit_group']), network)).toBe(false);
    expect(mayPin(access(false, ['view_group_timeline', 'post_message']), group)).toBe(false);
    expect(mayPin(access(false, ['edit_group']), { ...group, groupEID: 'b'.repeat(24) })).toBe(false);
  });

  it('refuses what cannot be pinned before asking who pins it', () => {
    expect(() => requirePinner(access(false), { ...network, type: 'comment' })).toThrow(
      expect.objectContaining({ errorName: 'MESSAGING_ERR_NOT_PINNABLE' }),
    );
    expect(() => requirePinner(access(false), network)).toThrow(
      expect.objectContaining({ errorName: 'MESSAGING_ERR_PIN_FORBIDDEN' }),
    );
    expect(requirePinner(access(true), network)).toBe('network');
  });
});

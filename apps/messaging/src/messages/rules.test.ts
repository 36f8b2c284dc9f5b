import { describe, expect, it } from 'vitest';
import type { CallerGroupAccess } from '@ncs/contracts';
import {
  createdVerbOf,
  mayReadMessageOf,
  maySeeUnpublished,
  requireGroupPoster,
  requireLocker,
  requireReactable,
  requireTimelineReader,
  shownCounters,
  timelineKeyOf,
} from './rules.js';

const G = '0123456789abcdef01234567';
const access = (permissions: string[], networkAdmin = false): CallerGroupAccess => ({
  networkAdmin,
  groups: [{ EID: G, hidden: false, membersMayPost: true, member: true, permissions }],
});
const outsider: CallerGroupAccess = { networkAdmin: false, groups: [] };
const codeOf = (f: () => void) => {
  try {
    f();
  } catch (error) {
    return (error as { code: number }).code;
  }
  return undefined;
};

describe('messaging rules', () => {
  it('keys timelines by network or group', () => {
    expect(timelineKeyOf(null)).toBe('network');
    expect(timelineKeyOf(G)).toBe(`group:${G}`);
  });

  it('reads a group timeline with view_group_timeline; an unseen group is 404, a seen one 403', () => {
    expect(codeOf(() => requireTimelineReader(access(['view_group_timeline']), G))).toBeUndefined();
    expect(codeOf(() => requireTimelineReader(access(['view_group']), G))).toBe(-303);
    expect(codeOf(() => requireTimelineReader(outsider, G))).toBe(-301);
  });

  it('posts to a group with post_message only', () => {
    expect(codeOf(() => requireGroupPoster(access(['post_message']), G))).toBeUndefined();
    expect(codeOf(() => requireGroupPoster(access(['view_group_timeline']), G))).toBe(-302);
    expect(codeOf(() => requireGroupPoster(outsider, G))).toBe(-301);
  });

  it('reads network messages always, group messages with view_group_timeline', () => {
    expect(mayReadMessageOf(outsider, null)).toBe(true);
    expect(mayReadMessageOf(outsider, G)).toBe(false);
    expect(mayReadMessageOf(access(['view_group']), G)).toBe(false);
    expect(mayReadMessageOf(access(['view_group_timeline']), G)).toBe(true);
  });

  it('rejects reactions on a locked message and shows its counters as 0', () => {
    expect(codeOf(() => requireReactable({ locked: true }))).toBe(-304);
    expect(codeOf(() => requireReactable({ locked: false }))).toBeUndefined();
    expect(shownCounters({ locked: true, numComments: 3, numLikes: 2 })).toEqual({
      numComments: 0,
      numLikes: 0,
    });
    expect(shownCounters({ locked: false, numComments: 3, numLikes: 2 })).toEqual({
      numComments: 3,
      numLikes: 2,
    });
  });

  it('lets the author and network administrators lock', () => {
    const message = { authorEID: 'a' };
    expect(codeOf(() => requireLocker(message, { profileEID: 'a' }, outsider))).toBeUndefined();
    expect(codeOf(() => requireLocker(message, { profileEID: 'b' }, { networkAdmin: true }))).toBeUndefined();
    expect(codeOf(() => requireLocker(message, { profileEID: 'b' }, outsider))).toBe(-305);
  });
});

describe('drafts and scheduled items', () => {
  it('a draft is seen by its author and network administrators', () => {
    const draft = { status: 'draft', authorEID: 'a' };
    expect(maySeeUnpublished(draft, 'a', { networkAdmin: false })).toBe(true);
    expect(maySeeUnpublished(draft, 'b', { networkAdmin: true })).toBe(true);
    expect(maySeeUnpublished(draft, 'b', { networkAdmin: false })).toBe(false);
    expect(maySeeUnpublished({ status: 'published', authorEID: 'a' }, 'b', { networkAdmin: false })).toBe(
      true,
    );
  });
  it('a new message is created once it is on a timeline', () => {
    expect(createdVerbOf({ status: 'draft' })).toBe('draft_created');
    expect(createdVerbOf({ status: 'scheduled' })).toBe('scheduled');
    expect(createdVerbOf({ status: 'published' })).toBe('created');
  });
});

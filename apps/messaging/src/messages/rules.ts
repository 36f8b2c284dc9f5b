/**
 * The messaging rules as plain functions (unit-tested beside them): who may read and post on a
 * timeline, who may lock, what a locked message shows. Decisions: docs/decisions.md, "Messaging:
 * messages, timelines, comments, likes".
 */
import { DomainError, type CallerGroupAccess, type GroupAccess } from '@ncs/contracts';

/**
 * The key of a timeline in the `messages` collection: the network's or a group's (timelines
 * concern: a user's profile timeline, `profile:<EID>`, when `profileEID` is given).
 */
export function timelineKeyOf(groupEID: string | null, profileEID: string | null = null): string {
  if (profileEID !== null) return `profile:${profileEID}`;
  return groupEID === null ? 'network' : `group:${groupEID}`;
}

/** The caller's access to a group, when the caller may see it (else the group is "not found"). */
export function visibleGroup(access: CallerGroupAccess, groupEID: string): GroupAccess | undefined {
  return access.groups.find((group) => group.EID === groupEID);
}

/** Reading a group's timeline needs `view_group_timeline`; a group the caller may not see is 404. */
export function requireTimelineReader(access: CallerGroupAccess, groupEID: string): void {
  const group = visibleGroup(access, groupEID);
  if (!group) throw new DomainError('MESSAGING_ERR_GROUP_NOT_FOUND');
  if (!group.permissions.includes('view_group_timeline')) {
    throw new DomainError('MESSAGING_ERR_TIMELINE_FORBIDDEN');
  }
}

/**
 * Posting to a group needs `post_message` (auth grants it to members only while `membersMayPost`,
 * and always to group and network administrators); a group the caller may not see is 404.
 */
export function requireGroupPoster(access: CallerGroupAccess, groupEID: string): void {
  const group = visibleGroup(access, groupEID);
  if (!group) throw new DomainError('MESSAGING_ERR_GROUP_NOT_FOUND');
  if (!group.permissions.includes('post_message')) throw new DomainError('MESSAGING_ERR_POST_FORBIDDEN');
}

/** Whether the caller may read a message of `groupEID` (null: the network's, every member). */
export function mayReadMessageOf(access: CallerGroupAccess, groupEID: string | null): boolean {
  if (groupEID === null) return true;
  return visibleGroup(access, groupEID)?.permissions.includes('view_group_timeline') ?? false;
}

/** A locked message takes no likes and no comments (spec: Locked message). */
export function requireReactable(message: {
  readonly locked: boolean;
  readonly reactable?: boolean | null;
}): void {
  if (message.locked) throw new DomainError('MESSAGING_ERR_MESSAGE_LOCKED');
  // Types, fields and app posting: posted with `reactable: false`.
  if (message.reactable === false) throw new DomainError('MESSAGING_ERR_NOT_REACTABLE');
}

/** The author of a message and network administrators lock and unlock it. */
export function requireLocker(
  message: { readonly authorEID: string },
  caller: { readonly profileEID: string },
  access: Pick<CallerGroupAccess, 'networkAdmin'>,
): void {
  if (message.authorEID !== caller.profileEID && !access.networkAdmin) {
    throw new DomainError('MESSAGING_ERR_LOCK_FORBIDDEN');
  }
}

/** The counters a message shows: a locked one reads 0 comments and 0 likes. */
export function shownCounters(message: {
  readonly locked: boolean;
  readonly numComments: number;
  readonly numLikes: number;
}): { numComments: number; numLikes: number } {
  return message.locked
    ? { numComments: 0, numLikes: 0 }
    : { numComments: message.numComments, numLikes: message.numLikes };
}

/** A draft or scheduled message is seen by its author and network administrators only. */
export function maySeeUnpublished(
  message: { readonly status?: string | null; readonly authorEID: string },
  profileEID: string,
  access: Pick<CallerGroupAccess, 'networkAdmin'>,
): boolean {
  if ((message.status ?? 'published') === 'published') return true;
  return message.authorEID === profileEID || access.networkAdmin;
}

/** The verb of the event of a new message: `created` once it is on a timeline. */
export function createdVerbOf(message: {
  readonly status?: string | null;
}): 'draft_created' | 'scheduled' | 'created' {
  if (message.status === 'draft') return 'draft_created';
  if (message.status === 'scheduled') return 'scheduled';
  return 'created';
}

/** Whether a message may be liked (and reacted to) now: reactable and not locked. */
export function mayLike(message: { readonly reactable?: boolean | null; readonly locked?: boolean | null }) {
  return message.reactable !== false && !message.locked;
}

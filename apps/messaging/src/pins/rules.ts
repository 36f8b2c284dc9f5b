/**
 * Who pins what. A timeline's administrators pin its messages: network administrators on the
 * network timeline (and, administering every group, on group timelines), holders of the group
 * permission `edit_group` (its administrators) on a group's. Only a published message on the
 * network or a group timeline is pinned: a comment, a draft, a private message or a profile post is
 * on no such timeline.
 */
import { DomainError, type CallerGroupAccess } from '@ncs/contracts';

export interface PinnableMessage {
  readonly type: string;
  readonly status?: string | null;
  readonly timelineKey?: string | null;
  readonly groupEID?: string | null;
}

/** The timeline a message is pinned on, or undefined when it cannot be pinned. */
export function pinTimelineOf(message: PinnableMessage): string | undefined {
  if (message.type === 'comment' || (message.status ?? 'published') !== 'published') return undefined;
  const key = message.timelineKey;
  if (key === 'network' || (key && message.groupEID && key === `group:${message.groupEID}`)) return key;
  return undefined;
}

/** Whether the caller administers the message's timeline. */
export function mayPin(access: CallerGroupAccess, message: PinnableMessage): boolean {
  if (access.networkAdmin) return true;
  if (!message.groupEID) return false;
  const group = access.groups.find((candidate) => candidate.EID === message.groupEID);
  return group?.permissions.includes('edit_group') ?? false;
}

/** The refusals of a pin or unpin, in order: what cannot be pinned (409), then who may not (403). */
export function requirePinner(access: CallerGroupAccess, message: PinnableMessage): string {
  const timeline = pinTimelineOf(message);
  if (timeline === undefined) throw new DomainError('MESSAGING_ERR_NOT_PINNABLE');
  if (!mayPin(access, message)) throw new DomainError('MESSAGING_ERR_PIN_FORBIDDEN');
  return timeline;
}

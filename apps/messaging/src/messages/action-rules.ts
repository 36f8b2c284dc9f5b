/**
 * Message actions. Who may edit and remove a message, as plain functions
 * (unit-tested beside them). Decisions: docs/decisions.md, "Messaging: actions, editing, removal,
 * subscriptions, mentions, apps".
 */
import { DomainError, type CallerGroupAccess } from '@ncs/contracts';
import { visibleGroup } from './rules.js';

interface ActedOn {
  readonly type: string;
  readonly authorEID: string;
  readonly groupEID?: string | null;
  readonly locked: boolean;
}

/** Only the author edits a message, and not while it is locked. */
export function requireEditor(message: ActedOn, caller: { readonly profileEID: string }): void {
  if (message.authorEID !== caller.profileEID) throw new DomainError('MESSAGING_ERR_EDIT_FORBIDDEN');
  if (message.locked) throw new DomainError('MESSAGING_ERR_EDIT_LOCKED');
}

/** The group permission that removes a message of `type` from a group. */
export function deletePermissionOf(type: string): 'delete_comment' | 'delete_news' | 'delete_message' {
  if (type === 'comment') return 'delete_comment';
  if (type === 'news') return 'delete_news';
  return 'delete_message';
}

/**
 * A message is removed by its author, a network administrator, or in a group by whoever holds the
 * group permission for its type (`delete_message`, `delete_comment`, `delete_news`).
 */
export function mayRemove(
  message: ActedOn,
  caller: { readonly profileEID: string },
  access: CallerGroupAccess,
): boolean {
  if (message.authorEID === caller.profileEID || access.networkAdmin) return true;
  if (!message.groupEID) return false;
  const group = visibleGroup(access, message.groupEID);
  return group?.permissions.includes(deletePermissionOf(message.type)) ?? false;
}

/**
 * `lockedBy` on group memberships (spec: group membership metadata `lockedBy`): a
 * membership made by an organisational sync is changed by that sync only — removing it (also
 * leaving) or changing its role by hand is 409 naming `lockedBy`.
 */
import { DomainError } from '@ncs/contracts';
import type { MembershipDoc } from './models.js';

export function requireUnlocked(membership: Pick<MembershipDoc, 'lockedBy'>): void {
  if (!membership.lockedBy) return;
  throw new DomainError(
    'GROUP_ERR_MEMBERSHIP_LOCKED',
    `The membership is locked by an organisational sync (lockedBy: ${membership.lockedBy}): it is not removed or changed by hand.`,
  );
}

/**
 * Who may see a group's membership events (the envelope's `audience`, contracts domain-events): a
 * membership, those who see the group; an invitation or a request to join, only the group's
 * administrators (who see invitations and requests) and the person it is about.
 */
import type { AudienceOfKind } from '@ncs/contracts';
import type { MembershipDoc } from './models.js';

/** The group's: those who may see it. */
export function groupAudience(groupEID: string): AudienceOfKind<'group'> {
  return { kind: 'group', groupEID };
}

/** The group's administrators and one person: an invitee, the asker of a request. */
export function groupAdminsAnd(groupEID: string, profileEID: string): AudienceOfKind<'group_admins'> {
  return { kind: 'group_admins', groupEID, profileEIDs: [profileEID] };
}

/** A membership's: the group's; an invitation's: the group's administrators and the invitee. */
export function membershipAudience(
  groupEID: string,
  membership: Pick<MembershipDoc, 'profileEID' | 'state'>,
): AudienceOfKind<'group' | 'group_admins'> {
  return membership.state === 'invited'
    ? groupAdminsAnd(groupEID, membership.profileEID)
    : groupAudience(groupEID);
}

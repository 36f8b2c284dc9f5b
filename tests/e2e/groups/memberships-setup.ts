/**
 * What the group membership tests share (memberships-adding.test.ts,
 * memberships-invitations-removal.test.ts): the profiles a page of memberships lists, in order.
 */
import type { Collection, MembershipBody } from '../../support/factories/groups.js';

export const profilesOf = (collection: Collection<MembershipBody>) =>
  collection._embedded.members!.map((m) => m.user.EID);

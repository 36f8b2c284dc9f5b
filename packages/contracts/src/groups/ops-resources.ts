/**
 * Resource and request schemas of the directory's group operations: membership
 * requests. Choices where the spec is silent: docs/decisions.md, "Directory: group operations and
 * app permissions".
 */
import { Type } from '@sinclair/typebox';
import { Eid, halCollection, halResource, Nullable, Ref, Timestamp } from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';

/** Bounds of the group operations (docs/decisions.md). */
export const groupOpsLimits = { requestMessage: 500 } as const;

export const GroupMembershipRequestResource = halResource(
  'group_membership_request',
  {
    EID: Eid,
    group: Ref('group'),
    user: Ref('user'),
    message: Nullable(Text({ maxLength: groupOpsLimits.requestMessage })),
    created: Timestamp,
  },
  'A pending request of a profile to join a group; approving it makes the profile a member.',
);
export const GroupMembershipRequestCollection = halCollection(
  'membershipRequests',
  GroupMembershipRequestResource,
  'Pending membership requests of a group, oldest first, one page.',
);

/** `POST …/membership-requests/`: the caller asks to join, with an optional note to the group admins. */
export const GroupMembershipRequestBody = Type.Object(
  { message: Type.Optional(Text({ maxLength: groupOpsLimits.requestMessage })) },
  { additionalProperties: false },
);

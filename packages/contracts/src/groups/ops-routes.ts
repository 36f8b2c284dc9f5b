/**
 * Routes of the directory's group operations (owned by `auth`): membership
 * requests. Rules where the spec is silent: docs/decisions.md, "Directory: group operations and app
 * permissions".
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NoContent, strictObject } from '../core/schemas.js';
import {
  GroupMembershipRequestBody,
  GroupMembershipRequestCollection,
  GroupMembershipRequestResource,
} from './ops-resources.js';
import { GroupMembershipResource } from './resources.js';

const REQUESTS = '/networks/{networkEID}/groups/{groupEID}/membership-requests';
const common = { service: 'auth', tag: 'Groups', scope: 'network', format: 'hal' } as const;

const GroupParams = strictObject({ networkEID: Eid, groupEID: Eid });
const MemberParams = strictObject({ networkEID: Eid, groupEID: Eid, profileEID: Eid });

export const groupOpsRoutes = [
  route({
    ...common,
    id: 'groupRequest.list',
    method: 'GET',
    path: `${REQUESTS}/`,
    summary: 'Pending membership requests of a group, oldest first; needs `view_group_membership_requests`',
    params: GroupParams,
    query: PaginationQuery,
    reply: { status: 200, schema: GroupMembershipRequestCollection },
  }),
  route({
    ...common,
    id: 'groupRequest.create',
    method: 'POST',
    path: `${REQUESTS}/`,
    summary:
      'Ask to join a group the caller sees and is not in: 201, or 200 with the pending request (idempotent)',
    params: GroupParams,
    body: GroupMembershipRequestBody,
    reply: { status: 201, schema: GroupMembershipRequestResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    id: 'groupRequest.get',
    method: 'GET',
    path: `${REQUESTS}/{profileEID}/`,
    summary: 'A pending membership request (the asker, or holders of `view_group_membership_requests`)',
    params: MemberParams,
    reply: { status: 200, schema: GroupMembershipRequestResource },
  }),
  route({
    ...common,
    id: 'groupRequest.withdraw',
    method: 'DELETE',
    path: `${REQUESTS}/{profileEID}/`,
    summary: 'The asker withdraws its pending membership request',
    params: MemberParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'groupRequest.approve',
    method: 'POST',
    path: `${REQUESTS}/{profileEID}/approve`,
    summary:
      'Approve a membership request (`group_approve_membership`): the profile becomes a member, once (idempotent)',
    params: MemberParams,
    reply: { status: 200, schema: GroupMembershipResource },
  }),
  route({
    ...common,
    id: 'groupRequest.decline',
    method: 'POST',
    path: `${REQUESTS}/{profileEID}/decline`,
    summary: 'Decline a membership request (`group_approve_membership`)',
    params: MemberParams,
    reply: { status: 204, schema: NoContent },
  }),
] as const satisfies readonly RouteDefinition[];

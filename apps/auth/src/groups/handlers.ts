/**
 * Handlers of the route table's `groupsRoutes` (packages/contracts/src/routes-groups.ts), by route id.
 * Built lazily: the map can be listed without a database (conformance test).
 */
import type { GroupCreateInput, GroupRole, MembershipState, RpcRequest } from '@ncs/contracts';
import { withStatus, type RpcHandler } from '@ncs/service-kit';
import type { AuthDependencies } from '../dependencies.js';
import {
  acceptInvitation,
  addMember,
  changeMemberRole,
  getMember,
  listMembers,
  removeMember,
} from './memberships.js';
import { getGroup, listGroups, listGroupTypesFor, listSubgroups } from './reading.js';
import { createGroup, deleteGroup, updateGroup } from './writing.js';

const param = (request: RpcRequest, name: string) => String(request.params[name]);
const page = (request: RpcRequest) => request.query as { limit?: number; offset?: number };

export function groupsHandlers(deps: () => AuthDependencies): Record<string, RpcHandler> {
  return {
    'groupType.list': (r) => listGroupTypesFor(deps().models, r.ctx, page(r)),
    'group.list': (r) => listGroups(deps().models, r.ctx, r.query),
    'group.create': (r) => createGroup(deps().models, deps().events, r.ctx, r.body as GroupCreateInput),
    'group.get': (r) => getGroup(deps().models, r.ctx, param(r, 'groupEID')),
    'group.update': (r) => updateGroup(deps().models, deps().events, r.ctx, param(r, 'groupEID'), r.body),
    'group.delete': async (r) => {
      await deleteGroup(deps().models, deps().events, r.ctx, param(r, 'groupEID'));
      return withStatus(204, null);
    },
    'subgroup.list': (r) => listSubgroups(deps().models, r.ctx, param(r, 'groupEID'), page(r)),
    'groupMember.list': (r) => listMembers(deps().models, r.ctx, param(r, 'groupEID'), r.query),
    'groupMember.add': (r) =>
      addMember(
        deps().models,
        deps().events,
        r.ctx,
        param(r, 'groupEID'),
        r.body as { profileEID: string; role?: GroupRole; state?: MembershipState },
      ),
    'groupMember.get': (r) => getMember(deps().models, r.ctx, param(r, 'groupEID'), param(r, 'profileEID')),
    'groupMember.update': (r) =>
      changeMemberRole(
        deps().models,
        deps().events,
        r.ctx,
        param(r, 'groupEID'),
        param(r, 'profileEID'),
        r.body as { role: GroupRole },
      ),
    'groupMember.remove': (r) =>
      removeMember(deps().models, deps().events, r.ctx, param(r, 'groupEID'), param(r, 'profileEID')),
    'groupMember.accept': (r) =>
      acceptInvitation(deps().models, deps().events, r.ctx, param(r, 'groupEID'), param(r, 'profileEID')),
  };
}

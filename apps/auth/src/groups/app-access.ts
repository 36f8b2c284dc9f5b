/**
 * `groupAccess` for an app caller (messaging's app posting): the app's installation in the network
 * read from the store now (not the gateway's principal cache), so removing the app or changing its
 * permissions is honoured at the next request. An app belongs to no group: with
 * `post_to_any_group` it sees every group of the network (hidden ones too) with `post_message`;
 * without it, the groups anyone sees (not hidden), without permissions.
 */
import { DomainError, isEid, type CallerGroupAccess, type RequestContext } from '@ncs/contracts';
import type { GroupDoc } from './models.js';
import type { GroupsStore } from './dependencies.js';

export const POST_TO_ANY_GROUP = 'post_to_any_group';

export async function appGroupAccessFor(
  models: GroupsStore,
  ctx: RequestContext,
  groupEIDs: readonly string[],
): Promise<CallerGroupAccess> {
  const networkEID = ctx.networkEID;
  const appEID = ctx.principal?.appEID;
  if (!isEid(networkEID) || !appEID) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  const installation = await models.Installation.findOne({ networkEID, clientId: appEID }, { permissions: 1 })
    .lean<{ permissions: string[] }>()
    .exec();
  if (!installation) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  const permissions = [...installation.permissions];
  const anyGroup = permissions.includes(POST_TO_ANY_GROUP);
  const ids = [...new Set(groupEIDs.filter(isEid))];
  const groups =
    ids.length === 0
      ? []
      : await models.Group.find({ networkEID, _id: { $in: ids } }, { hidden: 1, membersMayPost: 1 }).lean<
          Pick<GroupDoc, '_id' | 'hidden' | 'membersMayPost'>[]
        >();
  return {
    networkAdmin: false,
    app: { EID: appEID, permissions },
    groups: groups
      .filter((group) => anyGroup || !group.hidden)
      .map((group) => ({
        EID: String(group._id),
        hidden: group.hidden,
        membersMayPost: group.membersMayPost,
        member: false,
        permissions: anyGroup ? ['post_message'] : [],
      })),
  };
}

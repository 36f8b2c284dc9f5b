/**
 * One page of a news item's addressees for messaging's addressee export (subject
 * `addresseesPage`): the network's active members, or a group's active members, by EID after
 * `after`. Keyset pages on `{networkEID, userState, _id}` and `{networkEID, groupEID, profileEID}`.
 */
import { DomainError, isEid, type Addressee, type AddresseesPage, type RequestContext } from '@ncs/contracts';
import type { GroupsStore } from './dependencies.js';

/** Largest page asked for. */
const MAX_PAGE = 1000;

function pageRequest(body: unknown) {
  const { groupEID, after, limit } = (body ?? {}) as Record<string, unknown>;
  const validEid = (v: unknown): v is string | null => v === null || (typeof v === 'string' && isEid(v));
  if (!validEid(groupEID) || !validEid(after) || typeof limit !== 'number' || limit < 1 || limit > MAX_PAGE) {
    throw new DomainError('BAD_REQUEST', 'groupEID and after must be EIDs or null, limit 1..1000.');
  }
  return { groupEID, after, limit };
}

export async function addresseesPage(
  models: GroupsStore,
  ctx: RequestContext,
  body: unknown,
): Promise<AddresseesPage> {
  const networkEID = ctx.networkEID;
  if (!networkEID || !isEid(networkEID))
    throw new DomainError('BAD_REQUEST', 'The request names no network.');
  const { groupEID, after, limit } = pageRequest(body);
  let EIDs: string[];
  if (groupEID === null) {
    const profiles = await models.Profile.find(
      { networkEID, userState: 'active', ...(after ? { _id: { $gt: after } } : {}) },
      { _id: 1 },
    )
      .sort({ _id: 1 })
      .limit(limit)
      .lean();
    EIDs = profiles.map((p) => String(p._id));
  } else {
    const memberships = await models.GroupMembership.find(
      { networkEID, groupEID, state: 'active', ...(after ? { profileEID: { $gt: after } } : {}) },
      { profileEID: 1 },
    )
      .sort({ profileEID: 1 })
      .limit(limit)
      .lean();
    EIDs = memberships.map((m) => m.profileEID);
  }
  const profiles = await models.Profile.find(
    { networkEID, _id: { $in: EIDs }, userState: 'active' },
    { firstName: 1, lastName: 1 },
  ).lean();
  const byEID = new Map(profiles.map((p) => [String(p._id), p]));
  const items: Addressee[] = EIDs.flatMap((EID) => {
    const p = byEID.get(EID);
    return p ? [{ EID, firstName: p.firstName ?? '', lastName: p.lastName ?? '' }] : [];
  });
  return { items, next: EIDs.length === limit ? EIDs.at(-1)! : null };
}

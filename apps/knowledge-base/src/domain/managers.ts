/** Managers of top-level categories: assigned by administrators, idempotent under concurrency. */
import {
  DomainError,
  internalSubjects,
  namedProfileEID,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import {
  isDuplicateKeyError,
  withStatus,
  type Outbox,
  type RequestOf,
  type RpcClient,
} from '@ncs/service-kit';
import type { KbModels, ManagerDoc } from '../models/index.js';
import { callerOf, findCategory, findVisibleCategory, requireManage } from './access.js';

/** Upper bound of managers returned with a category; far above any real assignment count. */
const MAX_MANAGERS = 1000;

async function presentManagers(
  models: KbModels,
  networkEID: string,
  categoryEID: string,
): Promise<PlainResource> {
  const managers = await models.Manager.find({ networkEID, categoryEID })
    .sort({ created: 1, _id: 1 })
    .limit(MAX_MANAGERS)
    .lean<ManagerDoc[]>();
  return {
    type: 'kb_category_managers',
    EID: categoryEID,
    category: { type: 'kb_category', EID: categoryEID },
    users: managers.map((m) => ({ type: 'user', EID: m.profileEID })),
    total: managers.length,
  };
}

export async function listManagers(models: KbModels, ctx: RequestContext, categoryEID: string) {
  const caller = callerOf(ctx);
  await findVisibleCategory(models, caller, categoryEID);
  return presentManagers(models, caller.networkEID, categoryEID);
}

interface ProfileSummary {
  readonly EID: string;
  readonly extrnal?: boolean;
  readonly userState?: string;
}

export async function assignManager(
  models: KbModels,
  rpc: RpcClient,
  outbox: Outbox,
  ctx: RequestContext,
  categoryEID: string,
  body: RequestOf<'categoryManager.assign'>['body'],
) {
  const { EID: profileEID, pointer } = namedProfileEID(body);
  const profilePointer = (message: string) => [{ pointer, message }];
  const caller = callerOf(ctx);
  requireManage(caller);
  const category = await findCategory(models, caller, categoryEID);
  if (category.parentEID) throw new DomainError('KB_ERR_MANAGER_TOP_LEVEL_ONLY');
  // Auth answers only profiles of the request's network: another network's profile is not found.
  const [profile] = await rpc.request<ProfileSummary[]>(internalSubjects.profilesBatch, {
    ctx,
    body: { EIDs: [profileEID] },
  });
  if (!profile || profile.userState !== 'active') {
    throw new DomainError(
      'KB_ERR_MANAGER_PROFILE_NOT_FOUND',
      undefined,
      profilePointer('is not an active member of this network'),
    );
  }
  if (profile.extrnal) {
    throw new DomainError('KB_ERR_MANAGER_EXTERNAL_PROFILE', undefined, profilePointer('is external'));
  }
  let created = true;
  try {
    await models.Manager.create({ networkEID: caller.networkEID, categoryEID, profileEID });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    created = false;
  }
  if (created) {
    await outbox.record('manager', 'assigned', {
      networkEID: caller.networkEID,
      actor: { type: 'user', EID: caller.profileEID },
      data: { category: { type: 'kb_category', EID: categoryEID }, user: { type: 'user', EID: profileEID } },
    });
  }
  return withStatus(created ? 201 : 200, await presentManagers(models, caller.networkEID, categoryEID));
}

export async function removeManager(
  models: KbModels,
  ctx: RequestContext,
  categoryEID: string,
  profileEID: string,
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  await findCategory(models, caller, categoryEID);
  const { deletedCount } = await models.Manager.deleteOne({
    networkEID: caller.networkEID,
    categoryEID,
    profileEID,
  });
  if (deletedCount === 0) throw new DomainError('KB_ERR_MANAGER_NOT_FOUND');
  return withStatus(204, null);
}

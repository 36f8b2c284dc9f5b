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
import { findCategory, findVisibleCategory } from '../core/access.js';
import type { CategoryModels, ManagerDoc, ManagerModels } from '../core/models.js';
import { callerOf, requireManage } from '../core/rules.js';
import { MAX_MANAGERS, presentManagers, requireAssignableProfile, requireTopLevelCategory } from './rules.js';

/** What the managers' operations read: the category assigned to, and its assignments. */
export type ManagersModels = CategoryModels & ManagerModels;

async function managersOf(
  models: ManagerModels,
  networkEID: string,
  categoryEID: string,
): Promise<PlainResource> {
  const managers = await models.Manager.find({ networkEID, categoryEID })
    .sort({ created: 1, _id: 1 })
    .limit(MAX_MANAGERS)
    .lean<ManagerDoc[]>();
  return presentManagers(categoryEID, managers);
}

export async function listManagers(models: ManagersModels, ctx: RequestContext, categoryEID: string) {
  const caller = callerOf(ctx);
  await findVisibleCategory(models, caller, categoryEID);
  return managersOf(models, caller.networkEID, categoryEID);
}

export async function assignManager(
  models: ManagersModels,
  rpc: RpcClient,
  outbox: Outbox,
  ctx: RequestContext,
  categoryEID: string,
  body: RequestOf<'categoryManager.assign'>['body'],
) {
  const { EID: profileEID, pointer } = namedProfileEID(body);
  const caller = callerOf(ctx);
  requireManage(caller);
  const category = await findCategory(models, caller, categoryEID);
  requireTopLevelCategory(category);
  const [profile] = await rpc.request(internalSubjects.profilesBatch, {
    ctx,
    body: { EIDs: [profileEID] },
  });
  requireAssignableProfile(profile, pointer);
  let created = true;
  try {
    await models.Manager.create({ networkEID: caller.networkEID, categoryEID, profileEID });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    created = false;
  }
  if (created) {
    await outbox.record('kb.manager.assigned', {
      networkEID: caller.networkEID,
      actor: { type: 'user', EID: caller.profileEID },
      audience: { kind: 'network' },
      data: { category: { type: 'kb_category', EID: categoryEID }, user: { type: 'user', EID: profileEID } },
    });
  }
  return withStatus(created ? 201 : 200, await managersOf(models, caller.networkEID, categoryEID));
}

export async function removeManager(
  models: ManagersModels,
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

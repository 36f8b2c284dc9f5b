/**
 * The caller's own sub-resources in a network: settings and new features. The owner
 * reads and writes them; a network administrator reads a member's (support), and gets 403 on a
 * write; another member gets 404 (the API does not say whether they exist).
 */
import {
  DomainError,
  isEid,
  type NewFeatureKey,
  type PlainResource,
  type RequestContext,
  type UserSettingKey,
} from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import { findMemberCaller, type MemberCaller } from '../core/callers.js';
import type { AccountStore } from './dependencies.js';
import { settingsUpdate, settingsWithDefaults, undismissed } from './rules.js';

/**
 * The caller, who must be the profile named by the path, or (to read) an administrator of the
 * network the profile is in; else 404, or 403 for an administrator's write.
 */
export async function ownerOf(
  models: AccountStore,
  ctx: RequestContext,
  profileEID: string,
  access: 'read' | 'write',
): Promise<MemberCaller> {
  const caller = await findMemberCaller(models, ctx);
  if (caller.profileEID === profileEID) return caller;
  const networkEID = caller.network._id.toString();
  const visible =
    caller.admin && isEid(profileEID) && (await models.Profile.exists({ _id: profileEID, networkEID }));
  if (!visible) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  if (access === 'write') throw new DomainError('ACCOUNT_ERR_NOT_OWNER');
  return caller;
}

async function presentSettings(models: AccountStore, networkEID: string, profileEID: string) {
  const stored = await models.UserSettings.findOne({ networkEID, profileEID }).lean();
  return { type: 'user_settings', EID: profileEID, ...settingsWithDefaults(stored) } satisfies PlainResource;
}

export async function getUserSettings(models: AccountStore, ctx: RequestContext, profileEID: string) {
  const caller = await ownerOf(models, ctx, profileEID, 'read');
  return presentSettings(models, caller.network._id.toString(), profileEID);
}

export async function updateUserSettings(
  models: AccountStore,
  ctx: RequestContext,
  profileEID: string,
  body: Partial<Record<UserSettingKey, unknown>>,
) {
  const caller = await ownerOf(models, ctx, profileEID, 'write');
  const networkEID = caller.network._id.toString();
  const { set, unset } = settingsUpdate(body);
  await models.UserSettings.updateOne(
    { networkEID, profileEID },
    {
      $set: set,
      ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
      $setOnInsert: { networkEID, profileEID },
    },
    { upsert: true },
  );
  return presentSettings(models, networkEID, profileEID);
}

async function presentNewFeatures(models: AccountStore, networkEID: string, profileEID: string) {
  const dismissed = await models.DismissedFeature.find({ networkEID, profileEID }, { feature: 1 }).lean();
  return {
    type: 'new_features',
    EID: profileEID,
    features: undismissed(dismissed.map((row) => row.feature)),
  };
}

export async function getNewFeatures(models: AccountStore, ctx: RequestContext, profileEID: string) {
  const caller = await ownerOf(models, ctx, profileEID, 'read');
  return presentNewFeatures(models, caller.network._id.toString(), profileEID);
}

/** Dismissing is once (a unique row): dismissing again, or twice at once, changes nothing. */
export async function dismissNewFeature(
  models: AccountStore,
  ctx: RequestContext,
  profileEID: string,
  feature: NewFeatureKey,
) {
  const caller = await ownerOf(models, ctx, profileEID, 'write');
  const networkEID = caller.network._id.toString();
  try {
    await models.DismissedFeature.create({ networkEID, profileEID, feature });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  return presentNewFeatures(models, networkEID, profileEID);
}

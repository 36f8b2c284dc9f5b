/**
 * The caller's e-mail notification settings in a network: a bounded set of
 * known keys with types and defaults (contracts `emailSettingDefaults`). As the user settings: the
 * owner reads and writes them, a network administrator reads a member's, anyone else gets 404.
 * One document per profile, upserted atomically.
 */
import {
  emailSettingDefaults,
  emailSettingKeys,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { ownerOf } from '../account/own-profile.js';
import type { NetworkAdminStore } from './dependencies.js';
import { knownKeysUpdate, withDefaults } from './rules.js';

async function presentEmailSettings(models: NetworkAdminStore, networkEID: string, profileEID: string) {
  const stored = await models.EmailSettings.findOne({ networkEID, profileEID }).lean();
  return {
    type: 'email_settings',
    EID: profileEID,
    ...withDefaults(emailSettingDefaults, stored as Record<string, unknown> | null),
  } satisfies PlainResource;
}

export async function getEmailSettings(models: NetworkAdminStore, ctx: RequestContext, profileEID: string) {
  const caller = await ownerOf(models, ctx, profileEID, 'read');
  return presentEmailSettings(models, String(caller.network._id), profileEID);
}

export async function updateEmailSettings(
  models: NetworkAdminStore,
  ctx: RequestContext,
  profileEID: string,
  body: Readonly<Record<string, unknown>>,
) {
  const caller = await ownerOf(models, ctx, profileEID, 'write');
  const networkEID = String(caller.network._id);
  const { set, unset } = knownKeysUpdate(emailSettingKeys, body);
  await models.EmailSettings.updateOne(
    { networkEID, profileEID },
    {
      $set: set,
      ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
      $setOnInsert: { networkEID, profileEID },
    },
    { upsert: true },
  );
  return presentEmailSettings(models, networkEID, profileEID);
}

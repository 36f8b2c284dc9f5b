/** The knowledge-base home: one per network, created with defaults on first read. */
import type { RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError, pick, type RequestOf } from '@ncs/service-kit';
import { callerOf, requireManage } from '../core/rules.js';
import type { HomeDoc, HomeModels } from './models.js';
import { HOME_FIELDS, homeUpsert, presentHome } from './rules.js';

/**
 * Upserts the network's home with `set` applied. Concurrent first requests race on the unique
 * `networkEID` index: the loser gets a duplicate-key error and simply retries, now finding the home.
 */
async function upsertHome(
  models: HomeModels,
  networkEID: string,
  set: Record<string, unknown>,
): Promise<HomeDoc> {
  const update = homeUpsert(networkEID, set);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const home = await models.Home.findOneAndUpdate({ networkEID }, update, {
        upsert: true,
        returnDocument: 'after',
        setDefaultsOnInsert: true,
        runValidators: true,
      }).lean<HomeDoc>();
      return home;
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= 2) throw error;
    }
  }
}

export async function getHome(models: HomeModels, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const existing = await models.Home.findOne({ networkEID: caller.networkEID }).lean<HomeDoc>();
  return presentHome(existing ?? (await upsertHome(models, caller.networkEID, {})), ctx.language);
}

export async function updateHome(
  models: HomeModels,
  ctx: RequestContext,
  body: RequestOf<'home.update'>['body'],
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  const home = await upsertHome(models, caller.networkEID, pick(body, HOME_FIELDS));
  return presentHome(home, ctx.language);
}

export async function setHomeTitle(
  models: HomeModels,
  ctx: RequestContext,
  { title }: RequestOf<'home.setTitle'>['body'],
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  const home = await upsertHome(models, caller.networkEID, { title });
  return presentHome(home, ctx.language);
}

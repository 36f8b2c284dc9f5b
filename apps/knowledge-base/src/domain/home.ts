/** The knowledge-base home: one per network, created with defaults on first read. */
import { toTimestamp, type PlainResource, type RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError, pick, type RequestOf } from '@ncs/service-kit';
import type { HomeDoc, KbModels } from '../models/index.js';
import { callerOf, requireManage } from './access.js';

/** The default title per language (primary subtag of Accept-Language); English otherwise. */
export const defaultHomeTitles: Readonly<Record<string, string>> = {
  en: 'Knowledge Base',
  nl: 'Kennisbank',
  de: 'Wissensdatenbank',
  fr: 'Base de connaissances',
};

export function defaultHomeTitle(language: string | undefined): string {
  return (language && defaultHomeTitles[language]) || defaultHomeTitles.en!;
}

export function presentHome(home: HomeDoc, language: string | undefined): PlainResource {
  return {
    type: 'kb_home',
    EID: String(home._id),
    title: home.title ?? defaultHomeTitle(language),
    titleCustomised: home.title !== null && home.title !== undefined,
    description: home.description,
    headerBackgroundUrl: home.headerBackgroundUrl ?? null,
    headerColor: home.headerColor ?? null,
    showHighlightedCategories: home.showHighlightedCategories,
    created: toTimestamp(home.created),
    lastModified: toTimestamp(home.lastModified),
  };
}

/**
 * Upserts the network's home with `set` applied. Concurrent first requests race on the unique
 * `networkEID` index: the loser gets a duplicate-key error and simply retries, now finding the home.
 */
async function upsertHome(
  models: KbModels,
  networkEID: string,
  set: Record<string, unknown>,
): Promise<HomeDoc> {
  const update = Object.keys(set).length > 0 ? { $set: set } : { $setOnInsert: { networkEID } };
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

export async function getHome(models: KbModels, ctx: RequestContext) {
  const caller = callerOf(ctx);
  const existing = await models.Home.findOne({ networkEID: caller.networkEID }).lean<HomeDoc>();
  return presentHome(existing ?? (await upsertHome(models, caller.networkEID, {})), ctx.language);
}

const HOME_FIELDS = [
  'description',
  'headerBackgroundUrl',
  'headerColor',
  'showHighlightedCategories',
] as const;

export async function updateHome(
  models: KbModels,
  ctx: RequestContext,
  body: RequestOf<'home.update'>['body'],
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  const home = await upsertHome(models, caller.networkEID, pick(body, HOME_FIELDS));
  return presentHome(home, ctx.language);
}

export async function setHomeTitle(
  models: KbModels,
  ctx: RequestContext,
  { title }: RequestOf<'home.setTitle'>['body'],
) {
  const caller = callerOf(ctx);
  requireManage(caller);
  const home = await upsertHome(models, caller.networkEID, { title });
  return presentHome(home, ctx.language);
}

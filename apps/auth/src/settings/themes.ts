/**
 * Network themes (spec: Network theme; paths not shown: `/networks/{networkEID}/themes/` and
 * `/themes/{themeEID}/`). Members read, administrators write. At most one theme of a network is
 * the default: the one with the latest `defaultAt` mark (see the model), so making a theme the
 * default is one write on that theme and concurrent writes still leave exactly one default.
 *
 * Every theme shows the groups using it that the caller may see (`groups`, `numGroups`; the groups
 * area decides visibility), which `embed=groups` embeds as full group resources.
 *
 * Files: the images a theme names that are uploaded files become network assets before the write
 * (core/branding-images.ts): every member reads them, and a refused one leaves the theme unchanged.
 */
import { type RouteBody } from '../core/requests.js';
import { pageOf, pick, type Page } from '@ncs/service-kit';
import {
  DomainError,
  themeWritableFields,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
  isEid,
  // Files: media.
  emblemThumbnailPath,
} from '@ncs/contracts';
import type { Types } from 'mongoose';
import type { RpcClient } from '@ncs/service-kit';
import { themeImages, type ThemeImages } from '../core/branding-images.js';
import type { EventSink } from '../core/dependencies.js';
import { detachThemeFromGroups, themeGroupsFor } from '../groups/themes.js';
import type { SettingsStore } from './dependencies.js';
import { actorOf, requireNetworkAdmin, settingsCaller, type SettingsCaller } from './access.js';
import type { ThemeDoc } from '../core/theme-models.js';

type Header = { backgroundUrl?: string | null; color?: string | null } | null | undefined;

function presentHeader(header: Header) {
  return header ? { backgroundUrl: header.backgroundUrl ?? null, color: header.color ?? null } : null;
}

function spectrumOf(theme: ThemeDoc): Record<string, string> {
  const spectrum = theme.properties?.spectrum;
  if (!spectrum) return {};
  return spectrum instanceof Map ? Object.fromEntries(spectrum) : { ...spectrum };
}

export function presentTheme(theme: ThemeDoc, defaultThemeEID: string | null) {
  const EID = String(theme._id);
  return {
    type: 'network_theme' as const,
    EID,
    name: theme.name,
    default: EID === defaultThemeEID,
    backgroundUrl: theme.backgroundUrl ?? null,
    buttonColor: theme.buttonColor ?? null,
    headerColor: theme.headerColor ?? null,
    linkColor: theme.linkColor ?? null,
    tertiary: theme.tertiary ?? null,
    groupHeaderBackgroundUrl: theme.groupHeaderBackgroundUrl ?? null,
    newsHeaderBackgroundUrl: theme.newsHeaderBackgroundUrl ?? null,
    eventHeaderBackgroundUrl: theme.eventHeaderBackgroundUrl ?? null,
    userHeaderBackgroundUrl: theme.userHeaderBackgroundUrl ?? null,
    loginBackgroundUrls: [...(theme.loginBackgroundUrls ?? [])],
    emblem: theme.emblem?.EID ? { type: theme.emblem.type, EID: theme.emblem.EID } : null,
    // Files (media): an uploaded file's thumbnail (messaging), derived from its EID.
    emblemThumbnailUrl: emblemThumbnailPath(theme.networkEID, theme.emblem),
    favicon: theme.favicon?.url
      ? { url: theme.favicon.url, ...(theme.favicon.mimeType ? { mimeType: theme.favicon.mimeType } : {}) }
      : null,
    properties: { spectrum: spectrumOf(theme) },
    knowledgeBaseHomeHeader: presentHeader(theme.knowledgeBaseHomeHeader),
    knowledgeBaseCategoryHeader: presentHeader(theme.knowledgeBaseCategoryHeader),
    knowledgeBasePageHeader: presentHeader(theme.knowledgeBasePageHeader),
    created: toTimestamp(theme.created),
    lastModified: toTimestamp(theme.lastModified),
  };
}

/** Themes as the caller sees them: with the groups using each that the caller may see. */
async function withGroups(
  models: SettingsStore,
  ctx: RequestContext,
  themes: readonly PlainResource[],
): Promise<PlainResource[]> {
  const byTheme = await themeGroupsFor(
    models,
    ctx,
    themes.map((theme) => String(theme.EID)),
  );
  return themes.map((theme) => ({
    ...theme,
    ...(byTheme.get(String(theme.EID)) ?? { groups: [], numGroups: 0 }),
  }));
}

async function withGroupsOne(models: SettingsStore, ctx: RequestContext, theme: PlainResource) {
  const [presented] = await withGroups(models, ctx, [theme]);
  return presented!;
}

/**
 * The query of the network's default theme: the latest `defaultAt` mark (ties: the newest theme),
 * with `projection` (all fields without one). The one place that rule is written.
 */
export function findDefaultTheme(models: SettingsStore, networkEID: string, projection?: Record<string, 1>) {
  return models.NetworkTheme.findOne({ networkEID, defaultAt: { $ne: null } }, projection).sort({
    defaultAt: -1,
    _id: -1,
  });
}

/** The EID of the network's default theme, or null. */
async function defaultThemeEID(models: SettingsStore, networkEID: string): Promise<string | null> {
  const found = await findDefaultTheme(models, networkEID, { _id: 1 }).lean<{ _id: Types.ObjectId }>();
  return found ? String(found._id) : null;
}

/** After a theme became the default: older marks are history (a failure here changes no answer). */
async function clearOlderDefaultMarks(models: SettingsStore, networkEID: string, theme: ThemeDoc) {
  if (!theme.defaultAt) return;
  await models.NetworkTheme.updateMany(
    { networkEID, _id: { $ne: theme._id }, defaultAt: { $ne: null, $lt: theme.defaultAt } },
    { $set: { defaultAt: null } },
  );
}

/** The default theme stops being one: its mark and every older one go, so none resurfaces. */
async function clearDefaultMarksUpTo(models: SettingsStore, networkEID: string, mark: Date) {
  await models.NetworkTheme.updateMany(
    { networkEID, defaultAt: { $ne: null, $lte: mark } },
    { $set: { defaultAt: null } },
  );
}

/** A validated theme body: every writable field on create, those to change on update. */
type ThemeInput = RouteBody<'theme.create'> | RouteBody<'theme.update'>;

/** The writable fields of a validated body as stored (`default` becomes the `defaultAt` mark). */
function storedFields(body: ThemeInput): Record<string, unknown> {
  const { default: isDefault, ...fields } = pick(body, themeWritableFields);
  return isDefault === true ? { ...fields, defaultAt: new Date() } : fields;
}

async function findTheme(models: SettingsStore, caller: SettingsCaller, themeEID: string): Promise<ThemeDoc> {
  if (!isEid(themeEID)) throw new DomainError('SETTINGS_ERR_THEME_NOT_FOUND');
  const theme = await models.NetworkTheme.findOne({
    _id: themeEID,
    networkEID: caller.networkEID,
  }).lean<ThemeDoc>();
  if (!theme) throw new DomainError('SETTINGS_ERR_THEME_NOT_FOUND');
  return theme;
}

export async function listThemes(
  models: SettingsStore,
  ctx: RequestContext,
  page: Page,
): Promise<PlainCollection> {
  const caller = await settingsCaller(models, ctx);
  const defaultEID = defaultThemeEID(models, caller.networkEID);
  return pageOf(
    models.NetworkTheme,
    { filter: { networkEID: caller.networkEID }, sort: { created: 1, _id: 1 } },
    page,
    { itemType: 'network_theme', rel: 'themes' },
    async (themes) => {
      const theDefault = await defaultEID;
      return withGroups(
        models,
        ctx,
        themes.map((theme) => presentTheme(theme, theDefault)),
      );
    },
  );
}

export async function getTheme(models: SettingsStore, ctx: RequestContext, themeEID: string) {
  const caller = await settingsCaller(models, ctx);
  const theme = await findTheme(models, caller, themeEID);
  return withGroupsOne(models, ctx, presentTheme(theme, await defaultThemeEID(models, caller.networkEID)));
}

/** After a create or an update: one default per network, the event, the caller's view. */
async function afterWrite(
  models: SettingsStore,
  events: EventSink,
  ctx: RequestContext,
  caller: Awaited<ReturnType<typeof settingsCaller>>,
  theme: ThemeDoc,
  verb: 'created' | 'updated',
) {
  await clearOlderDefaultMarks(models, caller.networkEID, theme);
  const presented = presentTheme(theme, await defaultThemeEID(models, caller.networkEID));
  await events.record(`auth.theme.${verb}`, {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { theme: presented },
  });
  return withGroupsOne(models, ctx, presented);
}

export async function createTheme(
  models: SettingsStore,
  events: EventSink,
  rpc: RpcClient,
  ctx: RequestContext,
  body: RouteBody<'theme.create'>,
) {
  const caller = await settingsCaller(models, ctx);
  requireNetworkAdmin(caller);
  await themeImages(caller.networkEID, body as ThemeImages).adopt(rpc, ctx); // Files: branding images
  const [created] = await models.NetworkTheme.insertMany([
    { ...storedFields(body), networkEID: caller.networkEID },
  ]);
  return afterWrite(models, events, ctx, caller, created!.toObject<ThemeDoc>(), 'created');
}

export async function updateTheme(
  models: SettingsStore,
  events: EventSink,
  rpc: RpcClient,
  ctx: RequestContext,
  themeEID: string,
  body: RouteBody<'theme.update'>,
) {
  const caller = await settingsCaller(models, ctx);
  requireNetworkAdmin(caller);
  const before = await findTheme(models, caller, themeEID);
  await themeImages(caller.networkEID, body).adopt(rpc, ctx); // Files: branding images
  const fields = storedFields(body);
  if (body.default === false) {
    if (before.defaultAt && (await defaultThemeEID(models, caller.networkEID)) === themeEID) {
      await clearDefaultMarksUpTo(models, caller.networkEID, before.defaultAt);
    } else {
      fields.defaultAt = null;
    }
  }
  const updated = await models.NetworkTheme.findOneAndUpdate(
    { _id: before._id, networkEID: caller.networkEID },
    { $set: fields },
    { returnDocument: 'after', runValidators: true },
  ).lean<ThemeDoc>();
  if (!updated) throw new DomainError('SETTINGS_ERR_THEME_NOT_FOUND');
  return afterWrite(models, events, ctx, caller, updated, 'updated');
}

export async function deleteTheme(
  models: SettingsStore,
  events: EventSink,
  ctx: RequestContext,
  themeEID: string,
) {
  const caller = await settingsCaller(models, ctx);
  requireNetworkAdmin(caller);
  const theme = await findTheme(models, caller, themeEID);
  const wasDefault = (await defaultThemeEID(models, caller.networkEID)) === themeEID;
  const { deletedCount } = await models.NetworkTheme.deleteOne({
    _id: theme._id,
    networkEID: caller.networkEID,
  });
  if (deletedCount === 0) throw new DomainError('SETTINGS_ERR_THEME_NOT_FOUND');
  // The default is gone: no older theme silently becomes the default instead.
  if (wasDefault && theme.defaultAt) await clearDefaultMarksUpTo(models, caller.networkEID, theme.defaultAt);
  await events.record('auth.theme.deleted', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { theme: { type: 'network_theme', EID: themeEID } },
  });
  // No group keeps a reference to a theme that is gone.
  await detachThemeFromGroups(models, events, caller.networkEID, themeEID, actorOf(caller));
}

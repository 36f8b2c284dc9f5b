/**
 * The network menu (spec: `GET/PUT /networks/{networkEID}/menu/`): built-in sections, the entry
 * points of installed apps that have a menu item, and the network's custom links, as one `menu`
 * resource with its items under `_embedded.items` (type `menu_item`, so the gateway applies the
 * gate `menu.includeExternalUsers` to each item).
 */
import { type RouteBody, type RouteQuery } from '../core/requests.js';
import {
  DomainError,
  type CustomLinkInputBody,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import { Types } from 'mongoose';
import type { AppEntryPointDoc, AppManifestDoc } from '../apps/models.js';
import type { EventSink } from '../core/dependencies.js';
import type { SettingsStore } from './dependencies.js';
import { actorOf, requireNetworkAdmin, settingsCaller, type SettingsCaller } from './access.js';
import type { MenuDoc } from './models.js';
import {
  appMenuItemEID,
  isMenuEntryPoint,
  menuShowsCelebrations,
  menuVersion,
  visibleInMenu,
} from './rules.js';

/** Platform sections every menu starts with, in this order; `celebrations` follows when it applies. */
export const builtinMenuSections = ['timeline', 'groups', 'people', 'knowledge_base'] as const;

/** The validated query of the menu routes. */
export type MenuQueryInput = RouteQuery<'menu.get'>;

type CustomLink = MenuDoc['customLinks'][number];

const builtinItem = (name: string): PlainResource => ({ type: 'menu_item', itemType: 'builtin', name });

function linkItem(link: CustomLink) {
  return {
    type: 'menu_item' as const,
    EID: String(link._id),
    itemType: 'link' as const,
    label: link.label,
    url: link.url,
    context: { includeExternalUsers: link.includeExternalUsers },
  };
}

function appItem(appEID: string, entry: AppEntryPointDoc, appName: string): PlainResource {
  return {
    type: 'menu_item',
    EID: appMenuItemEID(appEID, entry.name),
    itemType: 'app',
    label: entry.localLabel ?? appName,
    url: entry.url,
    fallbackUrl: entry.fallbackUrl ?? null,
    // What `POST …/apps/{appEID}/signrequest` takes to open the item.
    entryPoint: entry.name,
    app: { type: 'app', EID: appEID },
    // Read-only here: it comes from the app's manifest.
    context: { includeExternalUsers: entry.includeExternalUsers, isDynamic: entry.isDynamic },
  };
}

/**
 * The menu items of the apps installed in the network: the `appMenuItem` entry points with
 * `hasMenuItem` of their manifests (the one source of entry points), by label.
 */
async function appMenuItems(models: SettingsStore, networkEID: string) {
  const installed = await models.Installation.find({ networkEID }, { clientId: 1 }).lean<
    { clientId: string }[]
  >();
  if (installed.length === 0) return [];
  const clientIds = installed.map((i) => i.clientId);
  const [manifests, clients] = await Promise.all([
    models.AppManifest.find({ clientId: { $in: clientIds } }, { clientId: 1, entryPoints: 1 }).lean<
      Pick<AppManifestDoc, 'clientId' | 'entryPoints'>[]
    >(),
    models.Client.find({ clientId: { $in: clientIds } }, { clientId: 1, name: 1 }).lean(),
  ]);
  const names = new Map(clients.map((c) => [c.clientId, c.name]));
  return manifests
    .flatMap((manifest) =>
      manifest.entryPoints.filter(isMenuEntryPoint).map((entry) => {
        const appName = names.get(manifest.clientId) ?? manifest.clientId;
        return { label: entry.localLabel ?? appName, item: appItem(manifest.clientId, entry, appName) };
      }),
    )
    .sort((a, b) => a.label.localeCompare(b.label) || String(a.item.EID).localeCompare(String(b.item.EID)))
    .map(({ item }) => item);
}

async function presentMenu(
  models: SettingsStore,
  caller: SettingsCaller,
  ctx: RequestContext,
  query: MenuQueryInput,
): Promise<PlainResource> {
  const device = query.device ?? 'web';
  const version = menuVersion(query.version, ctx.version);
  const [menu, apps] = await Promise.all([
    models.Menu.findOne({ networkEID: caller.networkEID }).lean<MenuDoc>(),
    appMenuItems(models, caller.networkEID),
  ]);
  const forCaller = (item: PlainResource) =>
    visibleInMenu(
      { includeExternalUsers: (item.context as { includeExternalUsers: boolean }).includeExternalUsers },
      caller.external,
    );
  const items = [
    ...builtinMenuSections.map(builtinItem),
    ...(menuShowsCelebrations(device, caller.network.features ?? [], version)
      ? [builtinItem('celebrations')]
      : []),
    ...apps.filter(forCaller),
    ...(menu?.customLinks ?? []).map(linkItem).filter(forCaller),
  ];
  return { type: 'menu', EID: caller.networkEID, device, version, _embedded: { items } };
}

export async function getMenu(models: SettingsStore, ctx: RequestContext, query: MenuQueryInput) {
  return presentMenu(models, await settingsCaller(models, ctx), ctx, query);
}

/**
 * The stored links for a PUT body: an `EID` keeps an existing link (it must be one of this
 * network's links, once), anything else is a new link. An absent `context.includeExternalUsers`
 * keeps the stored value (a client older than 2026.1.9 never reads it and must not reset it), or
 * is true for a new link.
 */
export function linksFromBody(
  body: readonly CustomLinkInputBody[],
  stored: readonly CustomLink[],
): { _id: Types.ObjectId; label: string; url: string; includeExternalUsers: boolean }[] {
  const byEID = new Map(stored.map((link) => [String(link._id), link]));
  const seen = new Set<string>();
  return body.map((input, i) => {
    const pointer = `/body/customLinks/${i}/EID`;
    let existing: CustomLink | undefined;
    if (input.EID !== undefined) {
      if (seen.has(input.EID)) {
        throw new DomainError('SETTINGS_ERR_MENU_LINK_REPEATED', undefined, [
          { pointer, message: `${input.EID} is given more than once` },
        ]);
      }
      seen.add(input.EID);
      existing = byEID.get(input.EID);
      if (!existing) {
        throw new DomainError('SETTINGS_ERR_MENU_LINK_NOT_FOUND', undefined, [
          { pointer, message: `${input.EID} is not a link of this menu` },
        ]);
      }
    }
    return {
      _id: existing ? existing._id : new Types.ObjectId(),
      label: input.label.trim(),
      url: input.url,
      includeExternalUsers: input.context?.includeExternalUsers ?? existing?.includeExternalUsers ?? true,
    };
  });
}

const MENU_WRITE_ATTEMPTS = 3;

/**
 * Replaces the custom links in one write, conditional on the menu being unchanged since it was
 * read (its `lastModified`), so a concurrent PUT is never half-merged: the loser re-reads and
 * applies its list again.
 */
async function replaceCustomLinks(
  models: SettingsStore,
  networkEID: string,
  body: readonly CustomLinkInputBody[],
) {
  for (let attempt = 0; attempt < MENU_WRITE_ATTEMPTS; attempt += 1) {
    const current = await models.Menu.findOne({ networkEID }).lean<MenuDoc>();
    const customLinks = linksFromBody(body, current?.customLinks ?? []);
    if (current) {
      const updated = await models.Menu.findOneAndUpdate(
        { _id: current._id, networkEID, lastModified: current.lastModified },
        { $set: { customLinks } },
        { returnDocument: 'after', runValidators: true },
      ).lean<MenuDoc>();
      if (updated) return updated;
      continue;
    }
    try {
      const [created] = await models.Menu.insertMany([{ networkEID, customLinks }]);
      return created!.toObject<MenuDoc>();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  throw new DomainError('CONFLICT', 'The menu was changed concurrently; send the request again.');
}

export async function updateMenu(
  models: SettingsStore,
  events: EventSink,
  ctx: RequestContext,
  query: MenuQueryInput,
  body: RouteBody<'menu.update'>,
) {
  const caller = await settingsCaller(models, ctx);
  requireNetworkAdmin(caller);
  menuVersion(query.version, ctx.version); // a bad query is 400 before anything is written
  const menu = await replaceCustomLinks(models, caller.networkEID, body.customLinks);
  await events.record('auth.menu.updated', {
    networkEID: caller.networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { customLinks: menu.customLinks.map(linkItem) },
  });
  return presentMenu(models, caller, ctx, query);
}

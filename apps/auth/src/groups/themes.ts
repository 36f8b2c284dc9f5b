/**
 * Groups and the network themes they use (spec: "A theme representation may carry
 * `_embedded.groups`, a list of group resources"; group field `networkTheme`). The groups area's
 * visibility rules decide what a caller sees here too: a hidden group only for its members,
 * invitees and network admins.
 */
import { THEME_GROUPS_SHOWN, type PlainResource, type RequestContext, isEid } from '@ncs/contracts';
import type { EventSink } from '../core/dependencies.js';
import type { GroupsStore } from './dependencies.js';
import { groupAudience } from './audience.js';
import { groupCallerOf, groupSummary } from './callers.js';
import type { GroupDoc } from './models.js';
import { presentGroups } from './presentation.js';
import { visibilityFilter } from './reading.js';

export interface ThemeGroups {
  /** References of the visible groups using the theme, by name; at most `THEME_GROUPS_SHOWN`. */
  readonly groups: { type: 'group'; EID: string }[];
  /** How many visible groups use the theme. */
  readonly numGroups: number;
}

/** For each theme of the caller's network: the groups using it that the caller may see. */
export async function themeGroupsFor(
  models: GroupsStore,
  ctx: RequestContext,
  themeEIDs: readonly string[],
): Promise<Map<string, ThemeGroups>> {
  if (themeEIDs.length === 0) return new Map();
  const caller = await groupCallerOf(models, ctx);
  const visible = await visibilityFilter(models, caller);
  // One query for the whole page of themes (not two per theme): each one read every group on a
  // store without secondary indexes, and a page of 100 themes took seconds. Only the EIDs and the
  // theme of each visible group are read, in name order, then counted and cut per theme.
  const groups = await models.Group.find(
    { networkEID: caller.networkEID, 'networkTheme.EID': { $in: [...themeEIDs] }, ...visible },
    { _id: 1, 'networkTheme.EID': 1 },
  )
    .sort({ sortName: 1, _id: 1 })
    .lean<Pick<GroupDoc, '_id' | 'networkTheme'>[]>();
  const byTheme = new Map(
    themeEIDs.map((eid) => [eid, { groups: [] as ThemeGroups['groups'], numGroups: 0 }]),
  );
  for (const group of groups) {
    const entry = byTheme.get(String(group.networkTheme?.EID));
    if (!entry) continue;
    entry.numGroups += 1;
    if (entry.groups.length < THEME_GROUPS_SHOWN)
      entry.groups.push({ type: 'group', EID: String(group._id) });
  }
  return byTheme;
}

/**
 * The group batch of `embed=`: groups of the request's network by EID, only those the caller may
 * see, each as `GET …/groups/{groupEID}/` shows it (with `_user`). Callers without a profile in
 * the network get none.
 */
export async function findGroupsForEmbed(
  models: GroupsStore,
  ctx: RequestContext,
  groupEIDs: readonly string[],
): Promise<PlainResource[]> {
  if (!ctx.networkEID || !ctx.principal?.profileEID) return [];
  const caller = await groupCallerOf(models, ctx);
  const ids = groupEIDs.filter(isEid);
  if (ids.length === 0) return [];
  const groups = await models.Group.find({
    networkEID: caller.networkEID,
    _id: { $in: ids },
    ...(await visibilityFilter(models, caller)),
  }).lean<GroupDoc[]>();
  return presentGroups(models, caller, groups);
}

/**
 * A theme was deleted: the groups that used it no longer do (no dangling reference), each change
 * published as `auth.group.updated` with `fields: ['networkTheme']`.
 */
export async function detachThemeFromGroups(
  models: GroupsStore,
  events: EventSink,
  networkEID: string,
  themeEID: string,
  actor: { type: string; EID: string },
): Promise<void> {
  const using = { networkEID, 'networkTheme.EID': themeEID };
  const groups = await models.Group.find(using, { name: 1, groupType: 1 }).lean<GroupDoc[]>();
  if (groups.length === 0) return;
  await models.Group.updateMany(
    { ...using, _id: { $in: groups.map((g) => g._id) } },
    { $set: { networkTheme: null } },
  );
  for (const group of groups) {
    await events.record('auth.group.updated', {
      networkEID,
      actor,
      audience: groupAudience(String(group._id)),
      data: { group: groupSummary(group), fields: ['networkTheme'] },
    });
  }
}

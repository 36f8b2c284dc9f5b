/**
 * Group widgets and the spotlight widget (spec: "Group widgets", "Widgets and Spotlight
 * widget", group permission `edit_group_widgets`). Whoever sees a group (`view_group`) reads its
 * visible widgets; holders of `edit_group_widgets` also its hidden ones, and add, change and remove
 * them. A spotlight widget shows chosen items (messages, pages, people), set as a whole. Decisions:
 * docs/decisions.md, "Directory: group relations, users add/merge, group widgets".
 */
import {
  DomainError,
  groupDirectoryLimits,
  isEid,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { pageOf, type Page } from '@ncs/service-kit';
import {
  createOwnedWidget,
  deleteOwnedWidget,
  updateOwnedWidget,
  type WidgetOwner,
} from '../core/owned-widgets.js';
import type { GroupStructureStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { visibleGroupFor, findVisibleGroup, requirePermission } from '../groups/callers.js';
import { groupReaderOf, LIST_GROUPS } from '../groups/readers.js';
import { uniqueItems } from './rules.js';
import type { GroupWidgetDoc } from '../groups/widget-models.js';

const EDIT = 'edit_group_widgets';

export function presentWidget(widget: GroupWidgetDoc): PlainResource {
  return {
    type: 'group_widget',
    EID: String(widget._id),
    group: { type: 'group', EID: widget.groupEID },
    widgetType: widget.widgetType,
    title: widget.title ?? null,
    position: widget.position,
    visible: widget.visible,
    items:
      widget.widgetType === 'spotlight'
        ? (widget.items ?? []).map((i) => ({ type: i.type, EID: i.EID }))
        : null,
    created: toTimestamp(widget.created),
    lastModified: toTimestamp(widget.lastModified),
  };
}

/** The group (seen by the caller, else 404) and whether the caller edits its widgets. */
async function widgetReader(models: GroupStructureStore, ctx: RequestContext, groupEID: string) {
  const caller = await groupReaderOf(models, ctx, [LIST_GROUPS]);
  const { permissions } = await findVisibleGroup(models, caller, groupEID);
  requirePermission(permissions, 'view_group');
  return { networkEID: caller.networkEID, editor: permissions.includes(EDIT) };
}

async function widgetEditor(models: GroupStructureStore, ctx: RequestContext, groupEID: string) {
  const { caller, permissions } = await visibleGroupFor(models, ctx, groupEID);
  requirePermission(permissions, EDIT);
  return caller;
}

const notFound = () => new DomainError('GROUP_ERR_WIDGET_NOT_FOUND');

async function findWidget(
  models: GroupStructureStore,
  networkEID: string,
  groupEID: string,
  widgetEID: string,
) {
  if (!isEid(widgetEID)) throw notFound();
  const widget = await models.GroupWidget.findOne({
    networkEID,
    groupEID,
    _id: widgetEID,
  }).lean<GroupWidgetDoc>();
  if (!widget) throw notFound();
  return widget;
}

export async function listGroupWidgets(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  page: Page,
): Promise<PlainCollection> {
  const { networkEID, editor } = await widgetReader(models, ctx, groupEID);
  return pageOf(
    models.GroupWidget,
    { filter: { networkEID, groupEID, ...(editor ? {} : { visible: true }) }, sort: { position: 1, _id: 1 } },
    page,
    { itemType: 'group_widget', rel: 'widgets' },
    (widgets) => widgets.map(presentWidget),
  );
}

export async function getGroupWidget(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  widgetEID: string,
) {
  const { networkEID, editor } = await widgetReader(models, ctx, groupEID);
  const widget = await findWidget(models, networkEID, groupEID, widgetEID);
  if (!widget.visible && !editor) throw notFound();
  return presentWidget(widget);
}

/** The group's widgets as an owner of widgets (the writes shared with the network's). */
function groupOwner(
  models: GroupStructureStore,
  networkEID: string,
  groupEID: string,
): WidgetOwner<GroupWidgetDoc> {
  return {
    store: models.GroupWidget,
    scope: { networkEID, groupEID },
    limit: groupDirectoryLimits.widgetsPerGroup,
    present: presentWidget,
    notFound,
    tooMany: () => new DomainError('GROUP_ERR_TOO_MANY_WIDGETS'),
  };
}

/** Adds a widget; a 21st is undone after its insert (two at once near the bound: both may be undone). */
export async function createGroupWidget(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  body: RouteBody<'groupWidget.create'>,
) {
  const { networkEID } = await widgetEditor(models, ctx, groupEID);
  return createOwnedWidget(groupOwner(models, networkEID, groupEID), {
    widgetType: body.widgetType,
    title: body.title ?? null,
    position: body.position ?? 0,
    visible: body.visible ?? true,
    ...(body.widgetType === 'spotlight' ? { items: [] } : {}),
  });
}

export async function updateGroupWidget(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  widgetEID: string,
  body: RouteBody<'groupWidget.update'>,
) {
  const { networkEID } = await widgetEditor(models, ctx, groupEID);
  return updateOwnedWidget(groupOwner(models, networkEID, groupEID), widgetEID, body);
}

export async function deleteGroupWidget(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  widgetEID: string,
) {
  const { networkEID } = await widgetEditor(models, ctx, groupEID);
  return deleteOwnedWidget(groupOwner(models, networkEID, groupEID), widgetEID);
}

/**
 * Sets a spotlight's items (replaced as a whole, in order, repeated ones once). People must be
 * active members of the network (400 naming the item); messages and pages are references their
 * owners resolve with the reader's rights when shown.
 */
export async function setSpotlightItems(
  models: GroupStructureStore,
  ctx: RequestContext,
  groupEID: string,
  widgetEID: string,
  body: RouteBody<'spotlightItems.set'>,
) {
  const { networkEID } = await widgetEditor(models, ctx, groupEID);
  const widget = await findWidget(models, networkEID, groupEID, widgetEID);
  if (widget.widgetType !== 'spotlight') throw new DomainError('GROUP_ERR_NOT_SPOTLIGHT');
  const items = uniqueItems(body.items);
  const people = items.filter((item) => item.type === 'user').map((item) => item.EID);
  if (people.length > 0) {
    const found = await models.Profile.find(
      { networkEID, _id: { $in: people }, userState: 'active' },
      { _id: 1 },
    ).lean<{ _id: unknown }[]>();
    const active = new Set(found.map((p) => String(p._id)));
    const index = body.items.findIndex((item) => item.type === 'user' && !active.has(item.EID));
    if (index >= 0) {
      throw new DomainError('GROUP_ERR_SPOTLIGHT_USER_UNKNOWN', undefined, [
        { pointer: `/body/items/${index}/EID`, message: 'is not an active member of this network' },
      ]);
    }
  }
  const updated = await models.GroupWidget.findOneAndUpdate(
    { networkEID, groupEID, _id: widgetEID, widgetType: 'spotlight' },
    { $set: { items } },
    { returnDocument: 'after' },
  ).lean<GroupWidgetDoc>();
  if (!updated) throw notFound();
  return presentWidget(updated);
}

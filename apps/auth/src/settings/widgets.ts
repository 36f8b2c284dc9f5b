/**
 * The widgets of a network (spec: `GET /networks/{networkEID}/widgets/`): the stored widgets by
 * position, plus the extra `celebrations` entry when its rules hold (see `widgetsAddCelebrations`),
 * counted in `total` and placed after the stored ones. Members read; network administrators add,
 * change (order, visibility) and remove them with the writes group widgets use.
 */
import { pageOf, type Page } from '@ncs/service-kit';
import {
  DomainError,
  toTimestamp,
  widgetsPerNetwork,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import {
  createOwnedWidget,
  deleteOwnedWidget,
  updateOwnedWidget,
  type WidgetOwner,
} from '../core/owned-widgets.js';
import type { SettingsStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { requireNetworkAdmin, settingsCaller } from './access.js';
import type { WidgetDoc } from './models.js';
import { widgetsAddCelebrations } from './rules.js';

/** Exactly the entry the spec shows; it is not stored, so it has no EID. */
export const extraCelebrationsWidget: PlainResource = {
  widgetType: 'celebrations',
  type: 'widget',
  visible: true,
};

function presentWidget(widget: WidgetDoc): PlainResource {
  return {
    type: 'widget',
    EID: String(widget._id),
    widgetType: widget.widgetType,
    visible: widget.visible,
    position: widget.position,
    created: toTimestamp(widget.created),
  };
}

export async function listWidgets(
  models: SettingsStore,
  ctx: RequestContext,
  page: Page,
): Promise<PlainCollection> {
  const caller = await settingsCaller(models, ctx);
  const filter = { networkEID: caller.networkEID };
  const [stored, celebrationsStored] = await Promise.all([
    pageOf(
      models.Widget,
      { filter, sort: { position: 1, _id: 1 } },
      page,
      { itemType: 'widget', rel: 'widgets' },
      (widgets) => widgets.map(presentWidget),
    ),
    models.Widget.exists({ ...filter, widgetType: 'celebrations' }),
  ]);
  const extra = widgetsAddCelebrations(
    caller.network.features ?? [],
    ctx.version,
    Boolean(celebrationsStored),
  );
  if (!extra) return stored;
  // The extra entry sits right after the stored ones: on the page that reaches index `stored.total`.
  const onThisPage = stored.total >= page.offset && stored.total < page.offset + page.limit;
  return {
    ...stored,
    total: stored.total + 1,
    items: onThisPage ? [...stored.items, extraCelebrationsWidget] : stored.items,
  };
}

/** The network's widgets as an owner of widgets, for an administrator of it (403 otherwise). */
async function networkOwner(models: SettingsStore, ctx: RequestContext): Promise<WidgetOwner<WidgetDoc>> {
  const caller = await settingsCaller(models, ctx);
  requireNetworkAdmin(caller);
  return {
    store: models.Widget,
    scope: { networkEID: caller.networkEID },
    limit: widgetsPerNetwork,
    present: presentWidget,
    notFound: () => new DomainError('SETTINGS_ERR_WIDGET_NOT_FOUND'),
    tooMany: () => new DomainError('SETTINGS_ERR_TOO_MANY_WIDGETS'),
  };
}

export async function createWidget(
  models: SettingsStore,
  ctx: RequestContext,
  body: RouteBody<'widget.create'>,
) {
  return createOwnedWidget(await networkOwner(models, ctx), {
    widgetType: body.widgetType,
    position: body.position ?? 0,
    visible: body.visible ?? true,
  });
}

export async function updateWidget(
  models: SettingsStore,
  ctx: RequestContext,
  widgetEID: string,
  body: RouteBody<'widget.update'>,
) {
  return updateOwnedWidget(await networkOwner(models, ctx), widgetEID, body);
}

export async function deleteWidget(models: SettingsStore, ctx: RequestContext, widgetEID: string) {
  return deleteOwnedWidget(await networkOwner(models, ctx), widgetEID);
}

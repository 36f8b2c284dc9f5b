/**
 * The widgets of a network (spec: `GET /networks/{networkEID}/widgets/`): the stored widgets by
 * position, plus the extra `celebrations` entry when its rules hold (see `widgetsAddCelebrations`),
 * counted in `total` and placed after the stored ones.
 */
import type { PlainCollection, PlainResource, RequestContext } from '@ncs/contracts';
import type { AuthModels } from '../models.js';
import { settingsCaller } from './access.js';
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
  };
}

export async function listWidgets(
  models: AuthModels,
  ctx: RequestContext,
  page: { limit?: number; offset?: number },
): Promise<PlainCollection> {
  const caller = await settingsCaller(models, ctx);
  const limit = page.limit ?? 20;
  const offset = page.offset ?? 0;
  const filter = { networkEID: caller.networkEID };
  const [stored, widgets, celebrationsStored] = await Promise.all([
    models.Widget.countDocuments(filter),
    models.Widget.find(filter).sort({ position: 1, _id: 1 }).skip(offset).limit(limit).lean<WidgetDoc[]>(),
    models.Widget.exists({ ...filter, widgetType: 'celebrations' }),
  ]);
  const extra = widgetsAddCelebrations(
    caller.network.features ?? [],
    ctx.version,
    Boolean(celebrationsStored),
  );
  const items = widgets.map(presentWidget);
  // The extra entry sits right after the stored ones: on the page that reaches index `stored`.
  if (extra && stored >= offset && stored < offset + limit) items.push(extraCelebrationsWidget);
  return {
    type: 'collection',
    itemType: 'widget',
    rel: 'widgets',
    total: stored + (extra ? 1 : 0),
    limit,
    offset,
    items,
  };
}

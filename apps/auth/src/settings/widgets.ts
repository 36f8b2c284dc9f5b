/**
 * The widgets of a network (spec: `GET /networks/{networkEID}/widgets/`): the stored widgets by
 * position, plus the extra `celebrations` entry when its rules hold (see `widgetsAddCelebrations`),
 * counted in `total` and placed after the stored ones.
 */
import { pageOf, type Page } from '@ncs/service-kit';
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

/**
 * Writing the widgets of an owner (a group page or the network; core, so neither the settings nor
 * the group structure builds on the other), one implementation for both: the
 * owner says which store holds them, which documents are its own, how many it may have, how a
 * widget is presented and which errors name a missing widget or one too many. Who may write is
 * checked by the caller before (`edit_group_widgets`, network administrators).
 */
import type { DomainError, PlainResource } from '@ncs/contracts';
import { isEid } from '@ncs/contracts';
import { withStatus } from '@ncs/service-kit';
import type { Model } from 'mongoose';

export interface WidgetOwner<Doc> {
  readonly store: Model<Doc>;
  /** The owner's widgets; starts with `networkEID` as every query does (ARCHITECTURE §10). */
  readonly scope: { readonly networkEID: string } & Readonly<Record<string, unknown>>;
  readonly limit: number;
  readonly present: (widget: Doc) => PlainResource;
  readonly notFound: () => DomainError;
  readonly tooMany: () => DomainError;
}

/** Adds a widget; one past the limit is undone after its insert (two at once near it: both may be). */
export async function createOwnedWidget<Doc>(
  owner: WidgetOwner<Doc>,
  fields: Readonly<Record<string, unknown>>,
) {
  const created = await new owner.store({ ...fields, ...owner.scope }).save();
  if ((await owner.store.countDocuments(owner.scope)) > owner.limit) {
    await owner.store.deleteOne({ _id: created._id, networkEID: owner.scope.networkEID });
    throw owner.tooMany();
  }
  return withStatus(201, owner.present(created.toObject<Doc>()));
}

/** Changes the fields given (position orders the widgets, visibility hides one from readers). */
export async function updateOwnedWidget<Doc>(
  owner: WidgetOwner<Doc>,
  widgetEID: string,
  changes: Readonly<Record<string, unknown>>,
) {
  if (!isEid(widgetEID)) throw owner.notFound();
  const updated = await owner.store
    .findOneAndUpdate({ ...owner.scope, _id: widgetEID }, { $set: changes }, { returnDocument: 'after' })
    .lean<Doc>();
  if (!updated) throw owner.notFound();
  return owner.present(updated);
}

export async function deleteOwnedWidget<Doc>(owner: WidgetOwner<Doc>, widgetEID: string) {
  if (!isEid(widgetEID)) throw owner.notFound();
  const { deletedCount } = await owner.store.deleteOne({ ...owner.scope, _id: widgetEID });
  if (deletedCount === 0) throw owner.notFound();
  return withStatus(204, null);
}

/**
 * Group widgets: one document per widget of a group; a spotlight widget holds its items
 * (`{type, EID}` references, in order). Indexes start with `networkEID` (ARCHITECTURE §10).
 */
import { groupDirectoryLimits, groupWidgetTypes } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

const itemSchema = new Schema(
  { type: { type: String, required: true }, EID: { type: String, required: true } },
  { _id: false, strict: true },
);

const groupWidgetSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    groupEID: { type: String, required: true },
    widgetType: { type: String, enum: groupWidgetTypes, required: true },
    title: { type: String, default: null, maxlength: groupDirectoryLimits.widgetTitle },
    position: { type: Number, default: 0 },
    visible: { type: Boolean, default: true },
    /** Spotlight widgets only (null for the others). */
    items: { type: [itemSchema], default: undefined },
  },
  { strict: true, timestamps, collection: 'group_widgets' },
);
/** A group's widgets in order (also the per-group count after an insert). */
groupWidgetSchema.index({ networkEID: 1, groupEID: 1, position: 1, _id: 1 });

export type GroupWidgetDoc = InferSchemaType<typeof groupWidgetSchema> & StoredDocument;

export interface GroupWidgetsModels {
  readonly GroupWidget: Model<GroupWidgetDoc>;
}

export function registerGroupWidgetsModels(connection: Connection): GroupWidgetsModels {
  return { GroupWidget: connection.model<GroupWidgetDoc>('GroupWidget', groupWidgetSchema) };
}

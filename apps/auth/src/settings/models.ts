/**
 * Collections of the settings area (menu, widgets), registered on the auth service's connection;
 * the network themes it writes are core's (core/theme-models.ts), read by other areas too. Every
 * tenant document carries `networkEID`, and its indexes start with it (ARCHITECTURE §10).
 */
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';

/** A custom link of a network's menu; `_id` is the link's EID, kept across edits. */
const customLinkSchema = new Schema(
  {
    label: { type: String, required: true, maxlength: 100 },
    url: { type: String, required: true, maxlength: 2000 },
    includeExternalUsers: { type: Boolean, default: true },
  },
  { strict: true },
);

/**
 * One menu document per network: the custom links live in it, so replacing them is a single
 * atomic write (no transactions on FerretDB 1.x, and never a half-written list).
 */
const menuSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    customLinks: { type: [customLinkSchema], default: [] },
  },
  { strict: true, timestamps, collection: 'menus' },
);
menuSchema.index({ networkEID: 1 }, { unique: true });

/** A widget stored for a network (written where widgets are managed; listed here). */
const widgetSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    widgetType: { type: String, required: true, match: /^[a-z][a-z0-9_]{0,49}$/ },
    visible: { type: Boolean, default: true },
    position: { type: Number, default: 0, min: 0 },
  },
  { strict: true, timestamps, collection: 'widgets' },
);
widgetSchema.index({ networkEID: 1, position: 1, _id: 1 });

export type MenuDoc = InferSchemaType<typeof menuSchema> &
  StoredDocument & {
    customLinks: (InferSchemaType<typeof customLinkSchema> & { _id: Types.ObjectId })[];
  };
export type WidgetDoc = InferSchemaType<typeof widgetSchema> & StoredDocument;
export interface SettingsModels {
  readonly Menu: Model<MenuDoc>;
  readonly Widget: Model<WidgetDoc>;
}

export function registerSettingsModels(connection: Connection): SettingsModels {
  return {
    Menu: connection.model<MenuDoc>('Menu', menuSchema),
    Widget: connection.model<WidgetDoc>('Widget', widgetSchema),
  };
}

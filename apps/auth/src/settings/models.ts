/**
 * Collections of the directory area "settings" (menu, widgets, network themes),
 * registered on the auth service's connection. Every tenant document carries `networkEID`, and its
 * indexes start with it (ARCHITECTURE §10).
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
widgetSchema.index({ networkEID: 1, position: 1 });

const headerSchema = new Schema(
  { backgroundUrl: { type: String, default: null }, color: { type: String, default: null } },
  { _id: false, strict: true },
);

/**
 * A network theme. `defaultAt` marks the default: the theme with the latest `defaultAt` of its
 * network is THE default (so one write makes a theme the default, and two concurrent writes
 * still leave exactly one); older marks are cleared right after.
 */
const themeSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    name: { type: String, required: true, maxlength: 200 },
    defaultAt: { type: Date, default: null },
    backgroundUrl: { type: String, default: null },
    buttonColor: { type: String, default: null },
    headerColor: { type: String, default: null },
    linkColor: { type: String, default: null },
    tertiary: { type: String, default: null },
    groupHeaderBackgroundUrl: { type: String, default: null },
    newsHeaderBackgroundUrl: { type: String, default: null },
    eventHeaderBackgroundUrl: { type: String, default: null },
    userHeaderBackgroundUrl: { type: String, default: null },
    loginBackgroundUrls: { type: [String], default: [] },
    emblem: {
      type: new Schema({ type: { type: String }, EID: { type: String } }, { _id: false, strict: true }),
      default: null,
    },
    favicon: {
      type: new Schema({ url: { type: String }, mimeType: { type: String } }, { _id: false, strict: true }),
      default: null,
    },
    properties: {
      spectrum: { type: Map, of: String, default: () => ({}) },
    },
    knowledgeBaseHomeHeader: { type: headerSchema, default: null },
    knowledgeBaseCategoryHeader: { type: headerSchema, default: null },
    knowledgeBasePageHeader: { type: headerSchema, default: null },
  },
  { strict: true, timestamps, collection: 'network_themes' },
);
themeSchema.index({ networkEID: 1, created: 1 });
themeSchema.index({ networkEID: 1, defaultAt: -1 });

export type MenuDoc = InferSchemaType<typeof menuSchema> &
  StoredDocument & {
    customLinks: (InferSchemaType<typeof customLinkSchema> & { _id: Types.ObjectId })[];
  };
export type WidgetDoc = InferSchemaType<typeof widgetSchema> & StoredDocument;
export type ThemeDoc = Omit<InferSchemaType<typeof themeSchema>, 'properties'> &
  StoredDocument & {
    properties?: { spectrum?: Record<string, string> | Map<string, string> | null } | null;
  };

export interface SettingsModels {
  readonly Menu: Model<MenuDoc>;
  readonly Widget: Model<WidgetDoc>;
  readonly NetworkTheme: Model<ThemeDoc>;
}

export function registerSettingsModels(connection: Connection): SettingsModels {
  return {
    Menu: connection.model<MenuDoc>('Menu', menuSchema),
    Widget: connection.model<WidgetDoc>('Widget', widgetSchema),
    NetworkTheme: connection.model<ThemeDoc>('NetworkTheme', themeSchema),
  };
}

/**
 * A network's themes (`network_themes`). Core because more than the settings that write them read
 * them: a group's theme must be one of its network's, the network resource names its default, and
 * branding renders them.
 */
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

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
themeSchema.index({ networkEID: 1, created: 1, _id: 1 });
themeSchema.index({ networkEID: 1, defaultAt: -1, _id: -1 });

export type ThemeDoc = Omit<InferSchemaType<typeof themeSchema>, 'properties'> &
  StoredDocument & {
    properties?: { spectrum?: Record<string, string> | Map<string, string> | null } | null;
  };

export interface ThemeModels {
  readonly NetworkTheme: Model<ThemeDoc>;
}

export function registerThemeModels(connection: Connection): ThemeModels {
  return { NetworkTheme: connection.model<ThemeDoc>('NetworkTheme', themeSchema) };
}

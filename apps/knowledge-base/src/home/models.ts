/** The knowledge-base home's collection (one document per network), registered on the service's connection. */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { timestamps, type StoredDocument } from '@ncs/service-kit';

/** One home per network: the unique index makes "created exactly once" hold under concurrency. */
const homeSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    /** null: not customised, the default title is shown in the caller's language. */
    title: { type: String, default: null, maxlength: 200 },
    description: { type: String, default: '', maxlength: 5000 },
    headerBackgroundUrl: { type: String, default: null, maxlength: 2000 },
    headerColor: { type: String, default: null, match: /^#[0-9a-fA-F]{6}$/ },
    showHighlightedCategories: { type: Boolean, default: true },
  },
  { strict: true, timestamps, collection: 'kb_homes' },
);
homeSchema.index({ networkEID: 1 }, { unique: true });

export type HomeDoc = InferSchemaType<typeof homeSchema> & StoredDocument;

export interface HomeModels {
  readonly Home: Model<HomeDoc>;
}

export function registerHomeModels(connection: Connection): HomeModels {
  return { Home: connection.model<HomeDoc>('KbHome', homeSchema) };
}

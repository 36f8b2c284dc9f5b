/**
 * Labels of a network. `nameKey` is the name in lower case: its unique index
 * with `networkEID` makes "one label of a name per network, whatever the case" a rule of the store
 * (two creates at once: one wins, the other is 409), and it is also the listing's sort.
 */
import { LABEL_NAME_MAX } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

const labelSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    name: { type: String, required: true, maxlength: LABEL_NAME_MAX },
    nameKey: { type: String, required: true },
  },
  { strict: true, timestamps, collection: 'labels' },
);
labelSchema.index({ networkEID: 1, nameKey: 1 }, { unique: true });

export type LabelDoc = InferSchemaType<typeof labelSchema> & StoredDocument;

export interface LabelsModels {
  readonly Label: Model<LabelDoc>;
}

export function registerLabelsModels(connection: Connection): LabelsModels {
  return { Label: connection.model<LabelDoc>('Label', labelSchema) };
}

/**
 * The `news_jobs` collection: asynchronous work asked for a news item (a duplication, an addressee export), one
 * document per request. A worker claims a pending job (`job:<EID>` in scheduling/lease.ts), so the
 * work survives a restart and runs once across instances.
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

export const newsJobSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    kind: { type: String, enum: ['duplication', 'addressee_export'], required: true },
    requesterEID: { type: String, required: true },
    /** The news item the job is about. */
    messageEID: { type: String, required: true },
    status: { type: String, enum: ['pending', 'succeeded', 'failed'], default: 'pending' },
    /** A duplication's copy, once it succeeded. */
    resultEID: { type: String, default: null },
    /** An addressee export's CSV and its number of rows, once it succeeded. */
    csv: { type: String, default: null },
    numRows: { type: Number, default: null },
    /** Why a job failed. */
    reason: { type: String, default: null },
  },
  { strict: true, timestamps, collection: 'news_jobs' },
);
// The worker's query: pending jobs, oldest first, across networks (a system query, not a tenant's).
newsJobSchema.index({ status: 1, created: 1, _id: 1 });

export type NewsJobDoc = InferSchemaType<typeof newsJobSchema> & StoredDocument;

/** What the news area works with: the core's collections and its jobs. */
export interface NewsStore extends CoreStore {
  readonly NewsJob: Model<NewsJobDoc>;
}

export function registerNewsJobModel(connection: Connection): Model<NewsJobDoc> {
  return connection.model<NewsJobDoc>('NewsJob', newsJobSchema);
}

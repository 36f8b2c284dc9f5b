/**
 * The collections every area reads: categories and their managers (the access rules read both) and
 * pages (a category with live pages is kept; search reads them). Registered once on the service's
 * own connection (STYLE.md §3); every document carries `networkEID`, and every index starts with it
 * (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { kbAudienceTypes, kbPageStatuses } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';

const categorySchema = new Schema(
  {
    networkEID: { type: String, required: true },
    name: { type: String, required: true, minlength: 1, maxlength: 200 },
    description: { type: String, default: '', maxlength: 5000 },
    audienceType: { type: String, enum: kbAudienceTypes, default: 'everyone' },
    headerBackgroundUrl: { type: String, default: null, maxlength: 2000 },
    headerColor: { type: String, default: null, match: /^#[0-9a-fA-F]{6}$/ },
    /** null for a top-level category; otherwise the EID of its (top-level) parent. */
    parentEID: { type: String, default: null },
    highlightedAt: { type: Date, default: null },
  },
  { strict: true, timestamps, collection: 'kb_categories' },
);
categorySchema.index({ networkEID: 1, created: 1, _id: 1 });
categorySchema.index({ networkEID: 1, parentEID: 1 });

/** One document per assignment; the unique index makes assignment idempotent under concurrency. */
const managerSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    categoryEID: { type: String, required: true },
    profileEID: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'kb_managers' },
);
managerSchema.index({ networkEID: 1, categoryEID: 1, profileEID: 1 }, { unique: true });
managerSchema.index({ networkEID: 1, profileEID: 1 });
// A category's managers, oldest first.
managerSchema.index({ networkEID: 1, categoryEID: 1, created: 1, _id: 1 });

const pageSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    categoryEID: { type: String, required: true },
    title: { type: String, default: '', maxlength: 500 },
    body: { type: String, default: '', maxlength: 200_000 },
    status: { type: String, enum: kbPageStatuses, default: 'draft' },
    coverImage: { type: String, default: null, maxlength: 2000 },
    authorEID: { type: String, required: true },
    publishedAt: { type: Date, default: null },
    /** Soft delete: set once, the page leaves lists and search. */
    deletedAt: { type: Date, default: null },
  },
  { strict: true, timestamps, collection: 'kb_pages' },
);
// Listing a category's pages, newest first: equality on the first three keys, then the sort.
pageSchema.index({ networkEID: 1, categoryEID: 1, deletedAt: 1, created: -1, _id: -1 });
// Search: the network's pages, last modified first (the text matched in the scan).
pageSchema.index({ networkEID: 1, deletedAt: 1, lastModified: -1, _id: -1 });

export type CategoryDoc = InferSchemaType<typeof categorySchema> & StoredDocument;
export type ManagerDoc = InferSchemaType<typeof managerSchema> & { _id: Types.ObjectId; created: Date };
export type PageDoc = InferSchemaType<typeof pageSchema> & StoredDocument;

export interface CategoryModels {
  readonly Category: Model<CategoryDoc>;
}
export interface ManagerModels {
  readonly Manager: Model<ManagerDoc>;
}
export interface PageModels {
  readonly Page: Model<PageDoc>;
}
export interface CoreModels extends CategoryModels, ManagerModels, PageModels {}

export function registerCoreModels(connection: Connection): CoreModels {
  return {
    Category: connection.model<CategoryDoc>('KbCategory', categorySchema),
    Manager: connection.model<ManagerDoc>('KbManager', managerSchema),
    Page: connection.model<PageDoc>('KbPage', pageSchema),
  };
}

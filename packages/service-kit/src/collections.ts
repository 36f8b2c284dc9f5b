/**
 * One page of a collection (spec: Conventions, Limits; ARCHITECTURE §8). The gateway validated the
 * page (`limit`, `offset`: defaults applied, `limit` clamped by the caller's permissions), so the
 * services only count, sort, skip and limit. A sort must end in a unique key (`_id`) so that pages
 * neither repeat nor skip a document, and in MongoDB the filter plus sort is one index's prefix.
 */
import type { PlainCollection, PlainResource } from '@ncs/contracts';
import type { Model, QueryFilter, SortOrder } from 'mongoose';

/** A validated page of a collection route. */
export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** What the gateway needs to render a collection: its item type and the relation it embeds them under. */
export interface CollectionShape {
  readonly itemType: string;
  readonly rel: string;
}

export interface PageQuery<Doc> {
  readonly filter: QueryFilter<Doc>;
  readonly sort: Readonly<Record<string, SortOrder>>;
}

/**
 * The page of `model`'s documents matching `query.filter`, in `query.sort` order, each presented by
 * `present` (given the whole page, so it can look up what the items refer to in one batch).
 */
export async function pageOf<Doc, Item extends PlainResource>(
  model: Model<Doc>,
  query: PageQuery<Doc>,
  page: Page,
  shape: CollectionShape,
  present: (docs: Doc[]) => readonly Item[] | Promise<readonly Item[]>,
): Promise<PlainCollection<Item>> {
  const [total, docs] = await Promise.all([
    model.countDocuments(query.filter),
    model
      .find(query.filter)
      .sort({ ...query.sort })
      .skip(page.offset)
      .limit(page.limit)
      .lean<Doc[]>(),
  ]);
  return collectionOf(shape, page, total, await present(docs));
}

/** A page of items already at hand (a fixed list, or one computed without a query). */
export function pageOfItems<Item extends PlainResource>(
  shape: CollectionShape,
  page: Page,
  all: readonly Item[],
): PlainCollection<Item> {
  return collectionOf(shape, page, all.length, all.slice(page.offset, page.offset + page.limit));
}

/** The collection resource of one page: `total` counts every match, `items` only this page. */
export function collectionOf<Item extends PlainResource>(
  shape: CollectionShape,
  page: Page,
  total: number,
  items: readonly Item[],
): PlainCollection<Item> {
  return { type: 'collection', ...shape, total, limit: page.limit, offset: page.offset, items };
}

/**
 * What the messages list and the timelines embed on request: `embedded=originalAuthor` (the
 * original author's profile of duplicated news, one batch from auth) and `embed=comments` (a page
 * of each message's comments, `limit[comments]`/`offset[comments]`, gate 2024.3.0 for `offset`).
 */
import { internalSubjects, type PlainResource } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { presentMessages } from '../messages/presentation.js';
import { embeds, subResourcePage } from './rules.js';
import type { TimelineStore } from './commenters-model.js';

/** The query fields that ask for embedding. */
export interface EmbedQuery {
  readonly embedded?: string | undefined;
  readonly embed?: string | undefined;
  readonly [name: string]: unknown;
}

const withEmbedded = (item: PlainResource, rel: string, value: unknown): PlainResource => ({
  ...item,
  _embedded: { ...(item._embedded ?? {}), [rel]: value },
});

/** The original authors' profiles, asked of auth in one batch (profiles of the caller's network). */
async function originalAuthors(rpc: RpcClient, caller: Caller, docs: readonly MessageDoc[]) {
  const EIDs = [...new Set(docs.flatMap((doc) => (doc.originalAuthorEID ? [doc.originalAuthorEID] : [])))];
  if (EIDs.length === 0) return new Map<string, PlainResource>();
  const found = await rpc.request(internalSubjects.profilesBatch, {
    ctx: caller.ctx,
    body: { EIDs },
  });
  return new Map(found.map((profile) => [String(profile.EID), profile]));
}

/** One page of a message's comments, oldest first (none on a locked message or a comment). */
async function commentsOf(
  models: TimelineStore,
  caller: Caller,
  doc: MessageDoc,
  page: { limit: number; offset: number },
): Promise<PlainResource[]> {
  if (doc.locked || doc.type === 'comment' || doc.numComments === 0) return [];
  const comments = await models.Message.find({ networkEID: caller.networkEID, parentEID: String(doc._id) })
    .sort({ created: 1, _id: 1 })
    .skip(page.offset)
    .limit(page.limit)
    .lean<MessageDoc[]>();
  return presentMessages(models, caller, comments);
}

/** The page's messages as resources, with what the query asks to embed. */
export async function presentWithEmbeds(
  models: TimelineStore,
  rpc: RpcClient,
  caller: Caller,
  docs: readonly MessageDoc[],
  query: EmbedQuery,
): Promise<PlainResource[]> {
  let items = await presentMessages(models, caller, docs);
  if (embeds(query.embedded, 'originalAuthor')) {
    const authors = await originalAuthors(rpc, caller, docs);
    items = items.map((item, i) => {
      const author = authors.get(docs[i]?.originalAuthorEID ?? '');
      return author ? withEmbedded(item, 'originalAuthor', author) : item;
    });
  }
  if (embeds(query.embed, 'comments')) {
    const page = subResourcePage(query, 'comments', caller.ctx.version);
    const comments = await Promise.all(docs.map((doc) => commentsOf(models, caller, doc, page)));
    items = items.map((item, i) => withEmbedded(item, 'comments', comments[i] ?? []));
  }
  return items;
}

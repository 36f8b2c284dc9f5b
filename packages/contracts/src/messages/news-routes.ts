/**
 * Routes of news and scheduled items: publishing a draft. Spread at the end of
 * `messagesRoutes` (routes.ts). Decisions: docs/decisions.md, "Messaging: news, duplication,
 * export, scheduled items".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, strictObject } from '../core/schemas.js';
import { NewsAddresseeExportResource, NewsDuplicationResource } from './news-resources.js';
import { MessageCollection, MessageResource } from './resources.js';
import { PaginationQuery } from '../core/pagination.js';
import { Type } from '@sinclair/typebox';

const common = { service: 'messaging', tag: 'Messages', scope: 'network', format: 'hal' } as const;
const MessageParams = strictObject({ networkEID: Eid, messageEID: Eid });

/** Starting a duplication: 202 at once with the job to follow (the spec's singular `network`, and the plural). */
const duplicate = <const Id extends string>(id: Id, root: string) =>
  route({
    ...common,
    id,
    method: 'POST',
    path: `/${root}/{networkEID}/news/{messageEID}/duplicate/`,
    summary:
      'Duplicate a news item asynchronously: 202 with the job; the copy is the caller’s draft (needs the right to post that news)',
    params: MessageParams,
    reply: { status: 202, schema: NewsDuplicationResource },
  });

export const newsRoutes = [
  route({
    ...common,
    id: 'news.publish',
    method: 'POST',
    path: '/networks/{networkEID}/messages/{messageEID}/publish',
    summary: 'Publish a draft news item: it joins its timeline now (its author or a network administrator)',
    params: MessageParams,
    reply: { status: 200, schema: MessageResource },
  }),
  duplicate('news.duplicate', 'network'),
  duplicate('news.duplicatePlural', 'networks'),
  route({
    ...common,
    id: 'newsDuplication.get',
    method: 'GET',
    path: '/networks/{networkEID}/news/duplications/{jobEID}/',
    summary: 'A duplication the caller asked for: pending, succeeded (with its `copy`) or failed',
    params: strictObject({ networkEID: Eid, jobEID: Eid }),
    reply: { status: 200, schema: NewsDuplicationResource },
  }),
  route({
    ...common,
    id: 'scheduledItems.list',
    method: 'GET',
    path: '/networks/{networkEID}/scheduled-items/',
    summary: 'The caller’s scheduled items of the given `types`, soonest first',
    params: strictObject({ networkEID: Eid }),
    query: Type.Object({
      ...PaginationQuery.properties,
      types: Type.String({
        pattern: '^(update|news)(,(update|news))*$',
        description: 'Comma-separated message types, e.g. `update,news` (required)',
      }),
    }),
    reply: { status: 200, schema: MessageCollection },
  }),
  route({
    ...common,
    id: 'newsExport.create',
    method: 'POST',
    path: '/networks/{networkEID}/news/{messageEID}/addressee-exports/',
    summary:
      'Export the addressees of a news item as CSV, asynchronously: 202 with the job (its author or a network administrator)',
    params: MessageParams,
    reply: { status: 202, schema: NewsAddresseeExportResource },
  }),
  route({
    ...common,
    id: 'newsExport.get',
    method: 'GET',
    path: '/networks/{networkEID}/news/addressee-exports/{exportEID}/',
    summary: 'An addressee export the caller asked for: pending, succeeded (with `download`) or failed',
    params: strictObject({ networkEID: Eid, exportEID: Eid }),
    reply: { status: 200, schema: NewsAddresseeExportResource },
  }),
  route({
    ...common,
    format: 'csv',
    id: 'newsExport.download',
    method: 'GET',
    path: '/networks/{networkEID}/news/addressee-exports/{exportEID}/csv',
    summary: 'The CSV of a succeeded addressee export (`text/csv`; its requester only)',
    params: strictObject({ networkEID: Eid, exportEID: Eid }),
    reply: { status: 200, schema: Type.String({ description: 'CSV, one row per addressee' }) },
  }),
] as const satisfies readonly RouteDefinition[];

/**
 * The domain events the knowledge base records (apps/knowledge-base/src, service `kb`).
 *
 * Audience: the network. A category of `audienceType: internal` (and its children's pages) is
 * hidden from external members: the `network` kind does not say so yet (see the catalogue test).
 */
import { Type } from '@sinclair/typebox';
import { Eid, HexColour, Nullable, Timestamp, strictObject } from '../core/schemas.js';
import { RefOf, UserRef, defineEvent } from './define.js';

/** Who may read a category (`kbAudienceTypes`, kb area). */
export const KbAudienceTypeSchema = Type.Union(
  (['everyone', 'internal'] as const).map((type) => Type.Literal(type)),
);
/** A page's status (`kbPageStatuses`, kb area). */
export const KbPageStatusSchema = Type.Union((['draft', 'published'] as const).map((s) => Type.Literal(s)));

const CategoryRef = RefOf('kb_category');

/** `presentCategory(category)` (categories/rules.ts). */
const CategoryResource = strictObject({
  type: Type.Literal('kb_category'),
  EID: Eid,
  name: Type.String(),
  description: Type.String(),
  audienceType: KbAudienceTypeSchema,
  headerBackgroundUrl: Nullable(Type.String()),
  headerColor: Nullable(HexColour),
  parent: Nullable(CategoryRef),
  highlightedAt: Nullable(Timestamp),
  created: Timestamp,
  lastModified: Timestamp,
});

/** `presentPage(page)` without its `body` (pages/pages.ts `publishedEvent`). */
const PublishedPage = strictObject({
  type: Type.Literal('kb_page'),
  EID: Eid,
  category: CategoryRef,
  title: Type.String(),
  status: Type.Literal('published'),
  coverImage: Nullable(Type.String()),
  author: UserRef,
  publishedAt: Timestamp,
  deletedAt: Type.Null(),
  created: Timestamp,
  lastModified: Timestamp,
});

export const kbEvents = [
  defineEvent({
    service: 'kb',
    entity: 'category',
    verb: 'created',
    description: 'A knowledge-base manager created a category (top level, or a child of one).',
    audience: ['network'],
    data: strictObject({ category: CategoryResource }),
  }),
  defineEvent({
    service: 'kb',
    entity: 'category',
    verb: 'deleted',
    description: 'A knowledge-base manager deleted an empty category (its manager assignments with it).',
    audience: ['network'],
    data: strictObject({ category: CategoryResource }),
  }),
  defineEvent({
    service: 'kb',
    entity: 'manager',
    verb: 'assigned',
    description: 'A person was made a manager of a top-level category (not again).',
    audience: ['network'],
    data: strictObject({ category: CategoryRef, user: UserRef }),
  }),
  defineEvent({
    service: 'kb',
    entity: 'page',
    verb: 'published',
    description: 'A page was published: created as published, or a draft updated to published.',
    audience: ['network'],
    data: strictObject({ page: PublishedPage }),
  }),
] as const;

/**
 * Knowledge-base resources (spec: Knowledge base; Other resources: category `highlightedAt`,
 * `audienceType`; page `deletedAt`, `coverImage`) and the bodies clients send. Choices where the
 * spec is silent are recorded in docs/decisions.md, section "Knowledge base".
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  Eid,
  halCollection,
  halResource,
  HexColour,
  ImageUrl,
  Nullable,
  onePersonNamed,
  PersonNamed,
  Ref,
  Timestamp,
} from '../core/schemas.js';
import { Name, NameOrEmpty, Text } from '../core/text-hygiene.js';

export const kbAudienceTypes = ['everyone', 'internal'] as const;
export const AudienceType = Type.Union(
  kbAudienceTypes.map((v) => Type.Literal(v)),
  { description: '`everyone` (default) or `internal` (hidden from external members)' },
);
export type KbAudienceType = (typeof kbAudienceTypes)[number];

export const kbPageStatuses = ['draft', 'published'] as const;
export const PageStatus = Type.Union(
  kbPageStatuses.map((v) => Type.Literal(v)),
  { description: '`draft` (default) or `published`' },
);
export type KbPageStatus = (typeof kbPageStatuses)[number];

// ---------------------------------------------------------------------------------------------
// Home

const HomeWritable = {
  description: Text({ maxLength: 5000 }),
  headerBackgroundUrl: Nullable(ImageUrl),
  headerColor: Nullable(HexColour),
  showHighlightedCategories: Type.Boolean(),
};

export const KbHomeResource = halResource(
  'kb_home',
  {
    EID: Eid,
    title: Type.String({ description: 'The static title, or the default title in the caller’s language' }),
    titleCustomised: Type.Boolean({ description: 'read-only: whether a static title was set' }),
    ...HomeWritable,
    created: Timestamp,
    lastModified: Timestamp,
  },
  'The knowledge-base home of a network; created with defaults on first read.',
);
export type KbHome = Static<typeof KbHomeResource>;

/** `PUT …/home`: home fields; `title` is no longer accepted (use `PATCH …/home/title`). */
export const KbHomeUpdateBody = Type.Object(
  Object.fromEntries(Object.entries(HomeWritable).map(([k, v]) => [k, Type.Optional(v)])),
  { additionalProperties: false, minProperties: 1 },
);
/** `PATCH …/home/title`: a static title; `null` goes back to the default translated title. */
export const KbHomeTitleBody = Type.Object(
  { title: Nullable(Name({ maxLength: 200 })) },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------
// Categories

const CategoryWritable = {
  name: Name({ maxLength: 200 }),
  description: Text({ maxLength: 5000 }),
  audienceType: AudienceType,
  headerBackgroundUrl: Nullable(ImageUrl),
  headerColor: Nullable(HexColour),
};

export const KbCategoryResource = halResource(
  'kb_category',
  {
    EID: Eid,
    ...CategoryWritable,
    parent: Nullable(Ref('kb_category')),
    highlightedAt: Nullable(Timestamp),
    created: Timestamp,
    lastModified: Timestamp,
  },
  'A knowledge-base category: top-level (`parent` null) or a child of a top-level category.',
);
export const KbCategoryCollection = halCollection(
  'categories',
  KbCategoryResource,
  'Categories of the knowledge base, one page.',
);

export const KbCategoryCreateBody = Type.Object(
  {
    name: CategoryWritable.name,
    description: Type.Optional(CategoryWritable.description),
    audienceType: Type.Optional(CategoryWritable.audienceType),
    headerBackgroundUrl: Type.Optional(CategoryWritable.headerBackgroundUrl),
    headerColor: Type.Optional(CategoryWritable.headerColor),
    parent: Type.Optional(Nullable(Ref('kb_category'))),
  },
  { additionalProperties: false },
);
export const KbCategoryUpdateBody = Type.Object(
  Object.fromEntries(Object.entries(CategoryWritable).map(([k, v]) => [k, Type.Optional(v)])),
  { additionalProperties: false, minProperties: 1 },
);

// ---------------------------------------------------------------------------------------------
// Managers

export const KbCategoryManagersResource = halResource(
  'kb_category_managers',
  {
    EID: Eid,
    category: Ref('kb_category'),
    users: Type.Array(Ref('user'), { description: 'The managers (`embed=users` embeds their profiles)' }),
    total: Type.Integer({ minimum: 0 }),
  },
  'The managers of a top-level category.',
);
export const KbManagerAssignBody = Type.Object(
  { ...PersonNamed },
  { additionalProperties: false, ...onePersonNamed },
);

// ---------------------------------------------------------------------------------------------
// Pages

export const KbPageResource = halResource(
  'kb_page',
  {
    EID: Eid,
    category: Ref('kb_category'),
    title: Type.String(),
    body: Type.String(),
    status: PageStatus,
    coverImage: Nullable(ImageUrl),
    author: Ref('user'),
    publishedAt: Nullable(Timestamp),
    deletedAt: Nullable(Timestamp),
    created: Timestamp,
    lastModified: Timestamp,
    // Saved items.
    _user: Type.Optional(
      Type.Object(
        { saved: Type.Boolean({ description: 'whether the caller saved the page' }) },
        { description: 'The caller’s standing towards the page' },
      ),
    ),
  },
  'A knowledge-base page (article) of a category.',
);
export const KbPageCollection = halCollection('pages', KbPageResource, 'Pages of a category, one page.');

const PageTitle = NameOrEmpty({ maxLength: 500 });
/** Rich text (HTML), sanitised by the knowledge-base service on write. */
const PageBody = Text({ maxLength: 200_000 });
const PageCommon = {
  status: Type.Optional(PageStatus),
  coverImage: Type.Optional(Nullable(ImageUrl)),
};

/** Before 2026.1.0 `title` and `body` may be omitted or null (stored as empty strings). */
const LegacyPageBody = (required: boolean) =>
  Type.Object(
    {
      title: Type.Optional(Nullable(PageTitle)),
      body: Type.Optional(Nullable(PageBody)),
      ...PageCommon,
    },
    { additionalProperties: false, ...(required ? {} : { minProperties: 1 }) },
  );

/** From 2026.1.0 (gate `kb.page.nullTitleBodyRejected`): strings only; required on create. */
export const KbPageCreateBody = {
  variants: [
    {
      range: { since: '2026.1.0' },
      schema: Type.Object(
        { title: PageTitle, body: PageBody, ...PageCommon },
        { additionalProperties: false },
      ),
    },
    { range: { until: '2026.1.0' }, schema: LegacyPageBody(true) },
  ],
} as const;
export const KbPageUpdateBody = {
  variants: [
    {
      range: { since: '2026.1.0' },
      schema: Type.Object(
        { title: Type.Optional(PageTitle), body: Type.Optional(PageBody), ...PageCommon },
        { additionalProperties: false, minProperties: 1 },
      ),
    },
    { range: { until: '2026.1.0' }, schema: LegacyPageBody(false) },
  ],
} as const;

export const KB_ARTICLE_SEARCH_TYPE = 'knowledge_base_article';

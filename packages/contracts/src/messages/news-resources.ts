/**
 * The message fields of news and scheduled items: a news item's `title`, `readTime`,
 * `concatenated` and duplication fields, and `scheduledAt`. Spread into `MessageResource` and
 * `MessageCreateBody` (resources.ts). Decisions: docs/decisions.md, "Messaging: news, duplication,
 * export, scheduled items".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { Eid, HalEmbedded, HalLinks, Nullable, Ref, Timestamp } from '../core/schemas.js';
import { Name } from '../core/text-hygiene.js';

/** Longest news `title`. */
export const NEWS_TITLE_MAX_LENGTH = 200;
/** Most news items one concatenated news item gathers. */
export const CONCATENATED_MAX_ITEMS = 20;

export const ReadTime = Type.Object(
  { unit: Type.Literal('minutes'), value: Type.Integer({ minimum: 1 }) },
  { description: 'read-only: words of the body’s text / 200, rounded up, at least 1' },
);

/** Resource fields (news-only ones are absent on other types). */
export const NewsResourceFields = {
  title: Type.Optional(Nullable(Type.String({ description: 'News: the headline' }))),
  readTime: Type.Optional(ReadTime),
  concatenated: Type.Optional(
    Type.Boolean({ description: 'News: whether it gathers other news items (`concatenatedFrom`)' }),
  ),
  isDuplicate: Type.Boolean({ description: 'read-only: whether the message is a copy of another' }),
  originalAuthor: Nullable(Ref('user')),
  scheduledAt: Nullable(Timestamp),
};

/** Create-body fields. */
export const NewsCreateFields = {
  title: Type.Optional(
    Name({ minLength: 1, maxLength: NEWS_TITLE_MAX_LENGTH, description: 'News only: the headline' }),
  ),
  status: Type.Optional(
    Type.Union([Type.Literal('published'), Type.Literal('draft')], {
      description: 'News only: `draft` keeps it off every timeline until published; default `published`',
    }),
  ),
  concatenatedFrom: Type.Optional(
    Type.Array(Eid, {
      minItems: 1,
      maxItems: CONCATENATED_MAX_ITEMS,
      uniqueItems: true,
      description: 'News only: the published news items this one concatenates (a digest)',
    }),
  ),
  scheduledAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'A future time: the message is published then' }),
  ),
};

/** Query of the timelines: pagination, and the news filters (`type`, `status`). */
export const TimelineQuery = Type.Object({
  ...PaginationQuery.properties,
  type: Type.Optional(
    Type.Union(
      [
        Type.Literal('update'),
        Type.Literal('news'),
        // The 1.4.8 gate and announcement leftovers.
        Type.Literal('announcement'),
        Type.Literal('app_update'),
        // Tasks, polls and events; before 1.4.8 `event` names an announcement.
        Type.Literal('task'),
        Type.Literal('poll'),
        Type.Literal('event'),
      ],
      {
        description:
          'Only messages of this type; `news` alone returns published news unless `status` is given; before 1.4.8 `event` means an announcement',
      },
    ),
  ),
  status: Type.Optional(
    Type.Union([Type.Literal('published'), Type.Literal('draft'), Type.Literal('scheduled')], {
      description:
        '`draft` or `scheduled`: the caller’s own items meant for this timeline; default `published`',
    }),
  ),
});

/** The fields every news job resource has besides its own (`type`, `EID` and what it is about). */
const jobFields = {
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  reason: Nullable(Type.String({ description: 'Why it failed' })),
  created: Timestamp,
  lastModified: Timestamp,
  _links: HalLinks,
  _embedded: HalEmbedded,
};

/** An asynchronous duplication of a news item (202 at once, then followed by its `self` link). */
export const NewsDuplicationResource = Type.Object(
  {
    type: Type.Literal('news_duplication'),
    EID: Eid,
    original: Ref('news'),
    copy: Nullable(Ref('news')),
    ...jobFields,
  },
  {
    description: 'A duplication of a news item: the copy is a draft of the requester’s (its requester only).',
    $id: 'resource.news_duplication',
  },
);

/** An asynchronous export of a news item's addressees as CSV (its requester only). */
export const NewsAddresseeExportResource = Type.Object(
  {
    type: Type.Literal('news_addressee_export'),
    EID: Eid,
    news: Ref('news'),
    numAddressees: Nullable(Type.Integer({ minimum: 0, description: 'Rows of the CSV, once succeeded' })),
    csvFile: Nullable(Ref('csv_file')),
    ...jobFields,
  },
  {
    description:
      'An export of a news item’s addressees (network news: the active members; group news: the group’s members); `download` once succeeded.',
    $id: 'resource.news_addressee_export',
  },
);

/** `addresseesPage` (messaging → auth): one page of addressees after `after` (by EID). */
export const AddresseesPageRequestSchema = Type.Object({
  groupEID: Nullable(Type.String()),
  after: Nullable(Type.String()),
  limit: Type.Number(),
});
export type AddresseesPageRequest = Static<typeof AddresseesPageRequestSchema>;
export const AddresseeSchema = Type.Object({
  EID: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});
export type Addressee = Static<typeof AddresseeSchema>;
export const AddresseesPageSchema = Type.Object({
  items: Type.Array(AddresseeSchema),
  /** The `after` of the next page; null on the last. */
  next: Nullable(Type.String()),
});
export type AddresseesPage = Static<typeof AddresseesPageSchema>;

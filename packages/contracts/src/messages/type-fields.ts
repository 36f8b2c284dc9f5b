/**
 * Message types `announcement`, `app_update`, `private_message` and the fields of the spec's
 * Message row that apply to several types:
 * `reactable`, `embeds`, `headerBackground`, `appData`, `parentFolder`, `recipients` (write
 * context), read-only `numRecipients`, `superseded`, `numImages`/`numVideos`/`numFiles`. Spread into
 * `MessageResource` and `MessageCreateBody` (resources.ts). Which type takes which field and who
 * posts what: docs/decisions.md, "Messaging: types, fields and app posting".
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Ref } from '../core/schemas.js';
import { ABSOLUTE_HTTP_URL_PATTERN, IMAGE_URL_PATTERN, Name } from '../core/text-hygiene.js';

/** The message types of this concern. */
export const typeFieldMessageTypes = ['announcement', 'app_update', 'private_message'] as const;

/** Most `embeds` of one message. */
export const EMBEDS_MAX_ITEMS = 10;
/** Most `recipients` of one private message. */
export const RECIPIENTS_MAX_ITEMS = 100;
/** Largest `appData`, as compact JSON in UTF-8 bytes. */
export const APP_DATA_MAX_BYTES = 8192;
/** Deepest nesting of `appData` (the object itself is depth 1). */
export const APP_DATA_MAX_DEPTH = 5;

/** A link shown with the message (a preview card). */
export const Embed = Type.Object(
  {
    url: Type.String({
      maxLength: 2000,
      pattern: ABSOLUTE_HTTP_URL_PATTERN,
      description: 'The linked page: an absolute http(s) URL',
    }),
    title: Type.Optional(Name({ maxLength: 200, description: 'The title shown on the card' })),
  },
  { additionalProperties: false },
);

/** Create-body fields (each refused with a 400 naming it on a type that does not take it). */
export const TypeCreateFields = {
  reactable: Type.Optional(
    Type.Boolean({ description: 'false: the message takes no likes and no comments; default true' }),
  ),
  embeds: Type.Optional(
    Type.Array(Embed, { maxItems: EMBEDS_MAX_ITEMS, description: 'Links shown with the message' }),
  ),
  headerBackground: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 2000,
        pattern: IMAGE_URL_PATTERN,
        description: 'News and announcements: the header image, an http(s) URL or a path starting with /',
      }),
    ),
  ),
  appData: Type.Optional(
    Type.Object(
      {},
      {
        additionalProperties: true,
        description: `app_update only: the app's own JSON object (at most ${APP_DATA_MAX_BYTES} bytes, depth ${APP_DATA_MAX_DEPTH})`,
      },
    ),
  ),
  parentFolder: Type.Optional(Ref('folder')),
  recipients: Type.Optional(
    Type.Array(Ref('user'), {
      minItems: 1,
      maxItems: RECIPIENTS_MAX_ITEMS,
      description: 'private_message only (required there): the profiles it is sent to',
    }),
  ),
};

/** Resource fields. */
export const TypeResourceFields = {
  embeds: Type.Array(Embed),
  numRecipients: Type.Integer({
    minimum: 0,
    description: 'read-only: how many profiles a private message was sent to (0 for other types)',
  }),
  superseded: Type.Boolean({
    description: 'read-only: an announcement once a newer one is posted to the same timeline',
  }),
  headerBackground: Nullable(Type.String()),
  appData: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
  parentFolder: Nullable(Ref('folder')),
  numImages: Type.Integer({
    minimum: 0,
    description: 'read-only: how many files `images` holds',
  }),
  numVideos: Type.Integer({
    minimum: 0,
    description: 'read-only: how many files `videos` holds',
  }),
  numFiles: Type.Integer({ minimum: 0, description: 'read-only: how many files `files` holds' }),
};

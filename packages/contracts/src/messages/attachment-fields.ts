/**
 * Files (attachments): the write-context lists `images`, `videos` and `files` of a new or
 * edited message, each of file references `{type: 'file', EID}` the caller uploaded in the network
 * (a temporary upload or a file of a group folder). The resource shows the read-only counts
 * (`numImages`, `numVideos`, `numFiles`, type-fields.ts) and the files under `_embedded.images`,
 * `_embedded.videos`, `_embedded.files`. Spread into `MessageCreateBody` and `MessageEditBody`.
 * Decisions: docs/decisions.md, "Files: attachments and temporary uploads".
 */
import { Type } from '@sinclair/typebox';
import { Ref } from '../core/schemas.js';

/** Most files in each of `images`, `videos`, `files` of one message. */
export const ATTACHMENTS_MAX_ITEMS = 20;

/** The attachment lists, by the kind each takes (`null`: any kind). */
export const ATTACHMENT_LISTS = { images: 'image', videos: 'video', files: null } as const;
export type AttachmentList = keyof typeof ATTACHMENT_LISTS;

const list = (description: string) =>
  Type.Optional(
    Type.Array(Ref('file'), {
      maxItems: ATTACHMENTS_MAX_ITEMS,
      description: `write context: ${description}, uploaded by the caller in this network (at most ${ATTACHMENTS_MAX_ITEMS}); on an edit the list replaces the one before`,
    }),
  );

export const AttachmentWriteFields = {
  images: list('files of kind `image` shown with the message'),
  videos: list('files of kind `video` shown with the message'),
  files: list('files of any kind attached to the message'),
};

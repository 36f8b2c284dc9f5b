/**
 * Folders: a group's folders nest under its root folder (EID derived from the group's,
 * folders.ts). Create, rename, move (no cycles) and delete (an empty folder only: 409 otherwise).
 */
import { Type } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { halCollection, halResource, Nullable, Ref, Timestamp, Eid } from '../core/schemas.js';
import { Name } from '../core/text-hygiene.js';

export const FolderResource = halResource(
  'folder',
  {
    EID: Eid,
    name: Type.String({ description: "The folder's name; the root folder's is empty" }),
    group: Ref('group'),
    parentFolder: Nullable(Ref('folder')),
    root: Type.Boolean({
      description: "read-only: the group's root folder (never renamed, moved or deleted)",
    }),
    created: Nullable(Timestamp),
  },
  'A folder of a group: files and folders inside it.',
);

export const FolderCollection = halCollection('folders', FolderResource, 'Folders inside a folder, by name.');

export const FolderCreateBody = Type.Object(
  { name: Name({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);

export const FolderUpdateBody = Type.Object(
  {
    name: Type.Optional(Name({ minLength: 1, maxLength: 255 })),
    parentFolder: Type.Optional(Ref('folder')),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const FolderListQuery = Type.Object(
  { ...PaginationQuery.properties },
  { additionalProperties: false },
);

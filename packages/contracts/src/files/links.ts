/** HAL link relations of files, spread into `linkRelations` (links.ts). */
import type { LinkRelations } from '../core/links.js';

const FILE = '/networks/{networkEID}/files/{EID}';

export const filesLinkRelations: LinkRelations = {
  file: [
    { rel: 'self', href: `${FILE}/` },
    { rel: 'download', href: `${FILE}/download` },
    { rel: 'uploader', href: '/networks/{networkEID}/users/{uploader.EID}/' },
    { rel: 'group', href: '/networks/{networkEID}/groups/{group.EID}/' },
    { rel: 'folder', href: '/networks/{networkEID}/folders/{folder.EID}/' },
    // Files (media): the fixed thumbnail sizes (any `Wx270` too, by the same path) and
    // a processed video's poster.
    { rel: 'thumbnail_390x170', href: `${FILE}/thumbnails/390x170`, when: 'thumbnails' },
    { rel: 'thumbnail_300x170', href: `${FILE}/thumbnails/300x170`, when: 'thumbnails' },
    { rel: 'thumbnail_270x270', href: `${FILE}/thumbnails/270x270`, when: 'thumbnails' },
    { rel: 'poster', href: '/networks/{networkEID}/files/{poster.EID}/' },
    // Files: attachments: the message the file is attached to.
    { rel: 'message', href: '/networks/{networkEID}/messages/{message.EID}/' },
    // Files: crop: the image a cropped one was made from.
    { rel: 'original', href: '/networks/{networkEID}/files/{original.EID}/' },
  ],
  folder: [
    { rel: 'self', href: '/networks/{networkEID}/folders/{EID}/' },
    { rel: 'folders', href: '/networks/{networkEID}/folders/{EID}/folders/' },
    { rel: 'group', href: '/networks/{networkEID}/groups/{group.EID}/' },
    { rel: 'parentFolder', href: '/networks/{networkEID}/folders/{parentFolder.EID}/' },
  ],
};

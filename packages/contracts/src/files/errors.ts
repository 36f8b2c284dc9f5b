/**
 * Errors of files and folders: codes -374 … -379 and -388 … -399. Spread into the
 * catalogue (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const filesErrors = {
  FILES_ERR_FILE_NOT_FOUND: {
    status: 404,
    code: -374,
    title: 'Not Found',
    message: 'The file does not exist.',
  },
  FILES_ERR_FOLDER_NOT_FOUND: {
    status: 404,
    code: -375,
    title: 'Not Found',
    message: 'The folder does not exist.',
  },
  FILES_ERR_TOO_LARGE: {
    status: 413,
    code: -376,
    title: 'Payload Too Large',
    message: 'The file is larger than the limit of its kind.',
  },
  FILES_ERR_EMPTY: {
    status: 400,
    code: -377,
    title: 'Bad Request',
    message: 'The upload holds no bytes: a file needs at least one.',
  },
  FILES_ERR_CONTENT_MISMATCH: {
    status: 400,
    code: -378,
    title: 'Bad Request',
    message: "The file's bytes are not of the declared kind.",
  },
  FILES_ERR_UPLOAD_MALFORMED: {
    status: 400,
    code: -379,
    title: 'Bad Request',
    message: 'The upload is not a complete multipart/form-data body with one `file` part.',
  },
  FILES_ERR_RANGE_NOT_SATISFIABLE: {
    status: 416,
    code: -388,
    title: 'Range Not Satisfiable',
    message: 'The requested range lies outside the file.',
  },
  FILES_ERR_UPLOAD_NOT_FOUND: {
    status: 404,
    code: -389,
    title: 'Not Found',
    message: 'The upload does not exist or has ended.',
  },
  FILES_ERR_FORBIDDEN: {
    status: 403,
    code: -390,
    title: 'Forbidden',
    message: 'The caller may not change the files of this group.',
  },
  FILES_ERR_FOLDER_NOT_EMPTY: {
    status: 409,
    code: -391,
    title: 'Conflict',
    message: 'The folder holds files or folders: empty it first.',
  },
  FILES_ERR_FOLDER_MOVE: {
    status: 409,
    code: -392,
    title: 'Conflict',
    message: 'A folder moves only into another folder of its group, never into itself or below it.',
  },
  FILES_ERR_ROOT_FOLDER: {
    status: 409,
    code: -393,
    title: 'Conflict',
    message: "A group's root folder is never renamed, moved or deleted.",
  },
  // Files: attachments and temporary uploads.
  FILES_ERR_ATTACHMENT_NOT_FOUND: {
    status: 400,
    code: -394,
    title: 'Bad Request',
    message: "An attached file is unknown, someone else's, or attached to another message.",
  },
  FILES_ERR_ATTACHMENT_KIND: {
    status: 400,
    code: -395,
    title: 'Bad Request',
    message: "An attached file is not of its list's kind (images: an image, videos: a video).",
  },
  FILES_ERR_APP_PERMISSION: {
    status: 403,
    code: -396,
    title: 'Forbidden',
    message: 'The app lacks the permission to upload there (upload_files, upload_into_folders).',
  },
  // Files: branding images are network assets.
  FILES_ERR_ASSET_NOT_USABLE: {
    status: 400,
    code: -397,
    title: 'Bad Request',
    message: 'A branding image must be an image of this network that you may read.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Errors of files: media: thumbnails, the megapixel gate, videos, crops. Codes -454 …
 * -459 and -472 … -479 (-476 … -479: crops). Spread into the catalogue (errors.ts); docs/errors.md,
 * "Files: media".
 */
import type { ErrorDefinition } from '../core/errors.js';
import { THUMBNAIL_SOURCE_MAX_PIXELS } from './media.js';

export const filesMediaErrors = {
  FILES_ERR_THUMBNAIL_SIZE: {
    status: 400,
    code: -454,
    title: 'Bad Request',
    message: 'Thumbnails exist only in the sizes 390x170, 300x170 and Wx270 (W from 1 to 2048).',
  },
  FILES_ERR_NO_THUMBNAILS: {
    status: 404,
    code: -455,
    title: 'Not Found',
    message: 'The file has no thumbnails: only images (and processed videos) have them.',
  },
  FILES_ERR_TOO_MANY_PIXELS: {
    status: 413,
    code: -456,
    title: 'Payload Too Large',
    message: 'The image has more than 20 megapixels, the limit of this API version.',
  },
  FILES_ERR_NOT_AN_IMAGE: {
    status: 422,
    code: -457,
    title: 'Unprocessable Entity',
    message: 'The image could not be read.',
  },
  FILES_ERR_THUMBNAIL_TOO_MANY_PIXELS: {
    status: 422,
    code: -458,
    title: 'Unprocessable Entity',
    message: `Thumbnails are made only of images of at most ${THUMBNAIL_SOURCE_MAX_PIXELS / 1_000_000} megapixels; the file itself can still be downloaded.`,
  },
  FILES_ERR_THUMBNAILS_BUSY: {
    status: 503,
    code: -459,
    title: 'Service Unavailable',
    message: 'Too many thumbnails are being made at the moment: try again after Retry-After seconds.',
    // About what a full queue of renders takes to drain (apps/messaging files/render-queue.ts).
    retryAfterSeconds: 2,
  },
  // Files: crop (`POST …/messages/{messageEID}/crop`): rules that depend on the stored message and
  // image, so domain codes rather than the schema's -1/-2.
  FILES_ERR_CROP_NOT_ATTACHED: {
    status: 400,
    code: -476,
    title: 'Bad Request',
    message: 'The file to crop is not attached to this message.',
  },
  FILES_ERR_CROP_NOT_AN_IMAGE: {
    status: 400,
    code: -477,
    title: 'Bad Request',
    message: 'Only an image (a file of kind image) is cropped.',
  },
  FILES_ERR_CROP_OUTSIDE: {
    status: 400,
    code: -478,
    title: 'Bad Request',
    message: 'The rectangle does not lie inside the image.',
  },
  FILES_ERR_CROP_TOO_MANY_PIXELS: {
    status: 422,
    code: -479,
    title: 'Unprocessable Entity',
    message: `Only images of at most ${THUMBNAIL_SOURCE_MAX_PIXELS / 1_000_000} megapixels are cropped.`,
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Routes of files: media. A thumbnail is an image stored beside the file and streamed by
 * the gateway like a download (`format: 'file'`): the owner answers what to serve (after the file's
 * own read permission), then the bytes come in small reads. A video's poster is a file of its own
 * (kind `image`, in the video's group), reached by the file routes.
 */
import { Type } from '@sinclair/typebox';
import { route, type RouteDefinition } from '../core/route-definition.js';
import {
  ThumbnailParams,
  THUMBNAIL_SIZES_TEXT,
  THUMBNAIL_SOURCE_MAX_PIXELS,
  THUMBNAIL_WIDTHS_TEXT,
} from './media.js';

const common = { service: 'messaging', tag: 'Files', scope: 'network', format: 'file' } as const;
const FILE = '/networks/{networkEID}/files/{fileEID}';
const image = Type.String({
  format: 'binary',
  description: 'The image (JPEG, or PNG for a source with transparency)',
});

export const filesMediaRoutes = [
  route({
    ...common,
    id: 'file.thumbnail',
    method: 'GET',
    path: `${FILE}/thumbnails/{size}`,
    summary:
      `A thumbnail of an image (or of a processed video's poster), made on the first request and kept: sizes ${THUMBNAIL_SIZES_TEXT} (400 otherwise); ${THUMBNAIL_WIDTHS_TEXT}, answered directly under the size asked. ` +
      `A file uploaded with kind \`file\` has none (404); an image above ${THUMBNAIL_SOURCE_MAX_PIXELS / 1_000_000} megapixels has none (422, the file itself stays downloadable); ` +
      'when the service is making too many thumbnails at once, 503 with `Retry-After`',
    params: ThumbnailParams,
    reply: { status: 200, schema: image },
  }),
] as const satisfies readonly RouteDefinition[];

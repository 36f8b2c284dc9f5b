/**
 * Files: media (issue #16): thumbnails, the 20-megapixel gate of images and processed videos. The
 * rules are pure (unit-tested beside); the routes (`file.thumbnail`, `file.poster`) are streamed by
 * the gateway like a download (`format: 'file'`). Rules: docs/decisions.md, "Files: thumbnails,
 * megapixel gate, video (issue #16)".
 */
import { Type } from '@sinclair/typebox';
import { Eid, Ref, strictObject } from '../core/schemas.js';

/** The fixed thumbnail sizes of the spec ("On-demand thumbnail dimensions whitelisted"). */
export const THUMBNAIL_FIXED_SIZES = ['390x170', '300x170'] as const;
/** `Wx270`: any width from 1 to this many pixels, 270 high. */
export const THUMBNAIL_MAX_WIDTH = 2048;
export const THUMBNAIL_FREE_HEIGHT = 270;
/** The size `emblemThumbnailUrl` points at (`Wx270` with a square width). */
export const EMBLEM_THUMBNAIL_SIZE = '270x270';
/** How the allowed sizes read in errors and descriptions. */
export const THUMBNAIL_SIZES_TEXT = `390x170, 300x170 or Wx270 (W from 1 to ${THUMBNAIL_MAX_WIDTH})`;

/** Images of more pixels than this were refused before the version that lifted the limit. */
export const IMAGE_MAX_PIXELS = 20_000_000;

export interface ThumbnailSize {
  readonly width: number;
  readonly height: number;
}

/** `390x170`, `300x170` or `Wx270` (W 1 … 2048, no leading zero), else null. */
export function parseThumbnailSize(text: string): ThumbnailSize | null {
  const match = /^([1-9]\d{0,4})x([1-9]\d{0,4})$/.exec(text);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if ((THUMBNAIL_FIXED_SIZES as readonly string[]).includes(text)) return { width, height };
  if (height === THUMBNAIL_FREE_HEIGHT && width <= THUMBNAIL_MAX_WIDTH) return { width, height };
  return null;
}

/** Whether an image of `width` x `height` is above the 20-megapixel limit. */
export function exceedsImagePixels(width: number, height: number): boolean {
  return width * height > IMAGE_MAX_PIXELS;
}

export const ThumbnailParams = strictObject({
  networkEID: Eid,
  fileEID: Eid,
  size: Type.String({
    pattern: '^[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$',
    description: `Width x height: ${THUMBNAIL_SIZES_TEXT}; any other size is 400 (-454)`,
  }),
});

/** Where a processed video stands (`video` of the file resource; null for other kinds). */
export const VIDEO_STATES = ['processing', 'ready', 'failed'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** The fields of the file resource this concern adds (spread into `FileResource`). */
export const fileMediaFields = {
  thumbnails: Type.Boolean({
    description: `read-only: whether the file has thumbnails (kind image; a video once its poster exists): ${THUMBNAIL_SIZES_TEXT}`,
  }),
  videoState: Type.Union([...VIDEO_STATES.map((state) => Type.Literal(state)), Type.Null()], {
    description:
      'read-only: a video is processing, then ready (duration and poster) or failed; null otherwise',
  }),
  duration: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
    description: 'read-only: seconds, once a video is processed',
  }),
  poster: Type.Union([Ref('file'), Type.Null()], {
    description:
      "read-only: a processed video's poster frame, a file of its own (kind image, JPEG, in the video's group)",
  }),
  numVideoViews: Type.Integer({
    minimum: 0,
    description: 'read-only: people who played the video (a download from byte 0; once per person)',
  }),
};

/** Messaging → notifications: a video was processed (alert `video_processing_complete`). */
export const VIDEO_PROCESSED_VERB = 'video_processed';

/**
 * The thumbnail path of an emblem that is an uploaded file (`{type: 'file', EID}`), derived from the
 * EID alone (auth cannot read messaging's store): `EMBLEM_THUMBNAIL_SIZE`, relative to the base URL.
 * Another kind of reference has no thumbnail here (null).
 */
export function emblemThumbnailPath(
  networkEID: string,
  emblem: { readonly type?: string | null; readonly EID?: string | null } | null | undefined,
): string | null {
  if (!emblem?.EID || emblem.type !== 'file') return null;
  return `/networks/${networkEID}/files/${emblem.EID}/thumbnails/${EMBLEM_THUMBNAIL_SIZE}`;
}

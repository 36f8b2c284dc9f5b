/**
 * Files (media): thumbnails, the 20-megapixel gate of images and processed videos. The
 * rules are pure (unit-tested beside); the routes (`file.thumbnail`, `file.poster`) are streamed by
 * the gateway like a download (`format: 'file'`). Rules: docs/decisions.md, "Files: thumbnails,
 * megapixel gate, video".
 */
import { Type } from '@sinclair/typebox';
import { Eid, Ref, strictObject } from '../core/schemas.js';

/** The fixed thumbnail sizes of the spec ("On-demand thumbnail dimensions whitelisted"). */
export const THUMBNAIL_FIXED_SIZES = ['390x170', '300x170'] as const;
/** `Wx270`: any width from 1 to this many pixels, 270 high. */
export const THUMBNAIL_MAX_WIDTH = 2048;
export const THUMBNAIL_FREE_HEIGHT = 270;
/**
 * The widths `Wx270` is made in: a requested width is served at the first of these at least as
 * wide, so a file has at most ten thumbnails (these and the fixed sizes), not one per width. With
 * the height fixed, each width is an aspect ratio a client lays out: 1:3, 2:3, 1:1 (emblems), 4:3
 * (photos), 16:9 (video posters), 8:3, 4:1, and the largest width accepted; each step is at most
 * twice the one before, so from 90 on a thumbnail is never more than twice as wide as asked.
 */
export const THUMBNAIL_WIDTHS = [90, 180, 270, 360, 480, 720, 1080, THUMBNAIL_MAX_WIDTH] as const;
/** The size `emblemThumbnailUrl` points at (`Wx270` with a square width). */
export const EMBLEM_THUMBNAIL_SIZE = '270x270';
/** How the allowed sizes read in errors and descriptions. */
export const THUMBNAIL_SIZES_TEXT = `390x170, 300x170 or Wx270 (W from 1 to ${THUMBNAIL_MAX_WIDTH})`;
/** How the widths `Wx270` is served in read in descriptions. */
export const THUMBNAIL_WIDTHS_TEXT = `Wx270 is served at the next width of ${THUMBNAIL_WIDTHS.join(', ')}`;

/** Images of more pixels than this were refused before the version that lifted the limit. */
export const IMAGE_MAX_PIXELS = 20_000_000;
/**
 * Thumbnails are made of images of at most this many pixels (read from the image's header): a
 * render decodes every pixel of its source, and its time and memory grow with them. It takes the
 * 48-megapixel photos of current phones; a larger image is still uploaded and downloaded.
 */
export const THUMBNAIL_SOURCE_MAX_PIXELS = 50_000_000;

export interface ThumbnailSize {
  readonly width: number;
  readonly height: number;
}

/** The thumbnail that answers a size: its dimensions and its name (`360x270`), the key it is kept under. */
export interface ThumbnailRendition extends ThumbnailSize {
  readonly text: string;
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

/**
 * The thumbnail made for an accepted size: a fixed size as asked, `Wx270` at the first of
 * THUMBNAIL_WIDTHS at least W wide (`300x270` → `360x270`); null for a size not accepted.
 */
export function thumbnailRenditionOf(text: string): ThumbnailRendition | null {
  const size = parseThumbnailSize(text);
  if (!size) return null;
  if (size.height !== THUMBNAIL_FREE_HEIGHT) return { ...size, text };
  const width = THUMBNAIL_WIDTHS.find((candidate) => candidate >= size.width) ?? THUMBNAIL_MAX_WIDTH;
  return { width, height: THUMBNAIL_FREE_HEIGHT, text: `${width}x${THUMBNAIL_FREE_HEIGHT}` };
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
    description: `Width x height: ${THUMBNAIL_SIZES_TEXT}; any other size is 400 (-454). ${THUMBNAIL_WIDTHS_TEXT}`,
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

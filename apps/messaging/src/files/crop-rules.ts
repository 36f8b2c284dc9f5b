/**
 * Files: crop, as plain rules (crop-rules.test.ts): where the image to crop is attached, whether the
 * rectangle lies inside it, how large a source may be, and what a crop is written as. Each refusal
 * names the field of the body it is about.
 */
import { DomainError, THUMBNAIL_SOURCE_MAX_PIXELS } from '@ncs/contracts';
import { STORED_FIELD, type AttachmentFields } from './attachment-rules.js';

export interface CropRectangle {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Where a message holds a file: the stored list and the index in it. */
export interface AttachmentPlace {
  readonly field: keyof AttachmentFields;
  readonly index: number;
  readonly list: readonly string[];
}

/** The place of `fileEID` among the message's attachments; 400 -476 naming `/body/file/EID` if none. */
export function attachmentPlaceOf(
  message: { readonly [field in keyof AttachmentFields]?: readonly string[] | null },
  fileEID: string,
): AttachmentPlace {
  for (const field of Object.values(STORED_FIELD)) {
    const list = message[field] ?? [];
    const index = list.indexOf(fileEID);
    if (index !== -1) return { field, index, list };
  }
  throw notAttached();
}

/** 400 -476 naming `/body/file/EID`. */
export const notAttached = (why = 'is not a file attached to this message', detail?: string) =>
  new DomainError('FILES_ERR_CROP_NOT_ATTACHED', detail, [{ pointer: '/body/file/EID', message: why }]);

/** Only an image is cropped (a file uploaded as kind `file` has no image behaviour, as for thumbnails). */
export function requireCroppableKind(kind: string): void {
  if (kind !== 'image')
    throw new DomainError('FILES_ERR_CROP_NOT_AN_IMAGE', undefined, [
      { pointer: '/body/file', message: `is a file of kind ${kind}, not image` },
    ]);
}

/** The decoder's limit of thumbnails holds for crops too: 422 -479 above it. */
export function requireCropSourcePixels(size: ImageSize): void {
  if (size.width * size.height <= THUMBNAIL_SOURCE_MAX_PIXELS) return;
  const megapixels = (size.width * size.height) / 1_000_000;
  throw new DomainError(
    'FILES_ERR_CROP_TOO_MANY_PIXELS',
    `The image has ${size.width}x${size.height} pixels (${megapixels.toFixed(1)} megapixels); only images of at most ${THUMBNAIL_SOURCE_MAX_PIXELS / 1_000_000} megapixels are cropped.`,
    [{ pointer: '/body/file', message: `names an image of more than ${THUMBNAIL_SOURCE_MAX_PIXELS} pixels` }],
  );
}

/** 400 -478 naming each field that puts the rectangle outside the image, with the image's size. */
export function requireInside(rectangle: CropRectangle, size: ImageSize): void {
  const problems: { pointer: string; message: string }[] = [];
  const axes = [
    { start: 'x', extent: 'width', limit: size.width },
    { start: 'y', extent: 'height', limit: size.height },
  ] as const;
  for (const { start, extent, limit } of axes) {
    if (rectangle[start] >= limit)
      problems.push({
        pointer: `/body/${start}`,
        message: `must be less than the image ${extent}, ${limit}`,
      });
    else if (rectangle[start] + rectangle[extent] > limit)
      problems.push({
        pointer: `/body/${extent}`,
        message: `must be at most ${limit - rectangle[start]} (${start} + ${extent} at most the image ${extent}, ${limit})`,
      });
  }
  if (problems.length === 0) return;
  const { x, y, width, height } = rectangle;
  throw new DomainError(
    'FILES_ERR_CROP_OUTSIDE',
    `The image is ${size.width}x${size.height} pixels; the rectangle of ${width}x${height} at ${x},${y} does not lie inside it.`,
    problems,
  );
}

/** What a crop is written as: the source's format where sharp writes it, else PNG (lossless, keeps alpha). */
export interface CropOutput {
  readonly format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif';
  readonly contentType: string;
  readonly extension: string;
}

const OUTPUTS: Readonly<Record<string, CropOutput>> = {
  'image/jpeg': { format: 'jpeg', contentType: 'image/jpeg', extension: 'jpg' },
  'image/png': { format: 'png', contentType: 'image/png', extension: 'png' },
  'image/webp': { format: 'webp', contentType: 'image/webp', extension: 'webp' },
  'image/gif': { format: 'gif', contentType: 'image/gif', extension: 'gif' },
  'image/tiff': { format: 'tiff', contentType: 'image/tiff', extension: 'tif' },
  'image/avif': { format: 'avif', contentType: 'image/avif', extension: 'avif' },
};

/** BMP and HEIC (sharp reads, does not write them) become PNG. */
export function cropOutputOf(contentType: string): CropOutput {
  return OUTPUTS[contentType] ?? OUTPUTS['image/png']!;
}

/** `photo.jpg` cropped → `photo-crop.jpg`. */
export function croppedName(name: string, output: CropOutput): string {
  return `${name.replace(/\.[^.]*$/, '') || 'image'}-crop.${output.extension}`;
}

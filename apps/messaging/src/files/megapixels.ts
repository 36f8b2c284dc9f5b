/**
 * Files (media): the 20-megapixel gate of images. Before the version that lifted it
 * (gate `files.imageMegapixelsLifted`), an upload of kind `image` above 20 megapixels is refused:
 * 413 -456 naming the limit, its chunks removed. The size comes from the image's header (sharp
 * metadata of the first chunk; the whole image only when the header does not fit in it), never a
 * decode of the pixels.
 */
import sharp from 'sharp';
import { Types } from 'mongoose';
import { DomainError, exceedsImagePixels, IMAGE_MAX_PIXELS, isGateOpen, type FileKind } from '@ncs/contracts';
import { readHead, readWhole } from './blobs.js';
import type { FileStore } from './models.js';

/**
 * Width and height from the header, or null when it cannot be read. No pixel limit: it reads no
 * pixel, and sharp's default one would hide the size of the very images the callers refuse.
 */
export async function imageDimensions(bytes: Buffer) {
  try {
    const { width, height } = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Throws 413 -456 for an image above the limit in a version that has it (the caller removes the chunks). */
export async function requireImagePixels(
  models: FileStore,
  networkEID: string,
  uploadId: string,
  kind: FileKind,
  length: number,
  version: string | undefined,
): Promise<void> {
  if (kind !== 'image' || version === undefined || isGateOpen('files.imageMegapixelsLifted', version)) return;
  const id = new Types.ObjectId(uploadId);
  const dimensions =
    (await imageDimensions(await readHead(models, networkEID, id))) ??
    (await imageDimensions(await readWhole(models, networkEID, id, length)));
  if (!dimensions || !exceedsImagePixels(dimensions.width, dimensions.height)) return;
  const megapixels = (dimensions.width * dimensions.height) / 1_000_000;
  throw new DomainError(
    'FILES_ERR_TOO_MANY_PIXELS',
    `The image has ${dimensions.width}x${dimensions.height} pixels (${megapixels.toFixed(1)} megapixels); this API version takes at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels (from 2023.0.1 there is no limit).`,
    [{ pointer: '/body/file', message: `must have at most ${IMAGE_MAX_PIXELS} pixels` }],
  );
}

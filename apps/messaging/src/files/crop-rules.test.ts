import { describe, expect, it } from 'vitest';
import { DomainError, THUMBNAIL_SOURCE_MAX_PIXELS } from '@ncs/contracts';
import {
  attachmentPlaceOf,
  cropOutputOf,
  croppedName,
  requireCroppableKind,
  requireCropSourcePixels,
  requireInside,
} from './crop-rules.js';

const IMG = '1'.repeat(24);
const DOC = '2'.repeat(24);
const OTHER = '3'.repeat(24);

function problemOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      name: error.errorName,
      status: error.status,
      detail: error.message,
      pointers: error.details?.map((detail) => detail.pointer),
    };
  }
  throw new Error('no problem');
}

describe('crop rules', () => {
  it('finds the attachment in whichever list holds it, at its index', () => {
    const message = { imageEIDs: [OTHER, IMG], videoEIDs: null, fileEIDs: [DOC] };
    expect(attachmentPlaceOf(message, IMG)).toMatchObject({ field: 'imageEIDs', index: 1 });
    expect(attachmentPlaceOf(message, DOC)).toMatchObject({ field: 'fileEIDs', index: 0 });
  });

  it('refuses a file the message does not hold, naming /body/file/EID', () => {
    expect(problemOf(() => attachmentPlaceOf({ imageEIDs: [IMG] }, DOC))).toMatchObject({
      name: 'FILES_ERR_CROP_NOT_ATTACHED',
      status: 400,
      pointers: ['/body/file/EID'],
    });
    expect(problemOf(() => attachmentPlaceOf({}, IMG)).name).toBe('FILES_ERR_CROP_NOT_ATTACHED');
  });

  it('crops images only: a video or a file of kind file is 400 naming /body/file', () => {
    expect(() => requireCroppableKind('image')).not.toThrow();
    for (const kind of ['video', 'file'])
      expect(problemOf(() => requireCroppableKind(kind))).toMatchObject({
        name: 'FILES_ERR_CROP_NOT_AN_IMAGE',
        status: 400,
        pointers: ['/body/file'],
      });
  });

  it('takes a rectangle inside the image, up to its edges', () => {
    const size = { width: 40, height: 30 };
    expect(() => requireInside({ x: 0, y: 0, width: 40, height: 30 }, size)).not.toThrow();
    expect(() => requireInside({ x: 39, y: 29, width: 1, height: 1 }, size)).not.toThrow();
  });

  it('names each field that puts the rectangle outside, with the image size in the detail', () => {
    const size = { width: 40, height: 30 };
    expect(problemOf(() => requireInside({ x: 10, y: 0, width: 31, height: 5 }, size))).toMatchObject({
      name: 'FILES_ERR_CROP_OUTSIDE',
      status: 400,
      pointers: ['/body/width'],
      detail: expect.stringContaining('40x30') as unknown,
    });
    expect(problemOf(() => requireInside({ x: 0, y: 20, width: 5, height: 11 }, size)).pointers).toEqual([
      '/body/height',
    ]);
    expect(problemOf(() => requireInside({ x: 40, y: 30, width: 1, height: 1 }, size)).pointers).toEqual([
      '/body/x',
      '/body/y',
    ]);
  });

  it('refuses a source above the pixel limit of thumbnails (422), not one at it', () => {
    expect(() => requireCropSourcePixels({ width: THUMBNAIL_SOURCE_MAX_PIXELS, height: 1 })).not.toThrow();
    expect(problemOf(() => requireCropSourcePixels({ width: 10_000, height: 10_000 }))).toMatchObject({
      name: 'FILES_ERR_CROP_TOO_MANY_PIXELS',
      status: 422,
      pointers: ['/body/file'],
    });
  });

  it('writes the source format where sharp can, else PNG', () => {
    expect(cropOutputOf('image/jpeg')).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg' });
    expect(cropOutputOf('image/webp').format).toBe('webp');
    expect(cropOutputOf('image/gif').format).toBe('gif');
    expect(cropOutputOf('image/heic')).toMatchObject({ format: 'png', contentType: 'image/png' });
    expect(cropOutputOf('image/bmp').format).toBe('png');
    expect(croppedName('holiday.photo.jpg', cropOutputOf('image/jpeg'))).toBe('holiday.photo-crop.jpg');
    expect(croppedName('scan.bmp', cropOutputOf('image/bmp'))).toBe('scan-crop.png');
  });
});

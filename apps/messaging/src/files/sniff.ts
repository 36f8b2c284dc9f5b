/**
 * Files: the content type of a file from its own first bytes (magic numbers), never
 * from what the client declared; and whether it fits the declared kind (an `image` must be one by
 * its bytes, a `video` too; a `file` takes anything). Bytes matching nothing are
 * `application/octet-stream`, or `text/plain` when they read as UTF-8 text without controls.
 */
import type { FileKind } from '@ncs/contracts';

/** How many leading bytes sniffing reads. */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Buffer, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Buffer, text: string, at = 0) =>
  startsWith(bytes, [...Buffer.from(text, 'latin1')], at);

function isoMedia(bytes: Buffer): string | null {
  if (!ascii(bytes, 'ftyp', 4)) return null;
  const brand = bytes.subarray(8, 12).toString('latin1');
  if (brand === 'qt  ') return 'video/quicktime';
  if (['avif', 'avis'].includes(brand)) return 'image/avif';
  if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  return 'video/mp4';
}

function zipBased(bytes: Buffer): string {
  const head = bytes.subarray(0, SNIFF_BYTES).toString('latin1');
  if (head.includes('word/'))
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (head.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (head.includes('ppt/'))
    return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return 'application/zip';
}

function isText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, SNIFF_BYTES);
  // A multi-byte character cut at the end of the sample is not an error.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const body = text.endsWith('\uFFFD') ? text.slice(0, -1) : text;
  // eslint-disable-next-line no-control-regex
  return !body.includes('\uFFFD') && !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(body);
}

export function sniffContentType(bytes: Buffer): string {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 'GIF87a') || ascii(bytes, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'WEBP', 8)) return 'image/webp';
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'AVI ', 8)) return 'video/x-msvideo';
  if (ascii(bytes, 'BM') && bytes.length > 14) return 'image/bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'image/tiff';
  const iso = isoMedia(bytes);
  if (iso) return iso;
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]))
    return bytes.subarray(0, 64).toString('latin1').includes('webm') ? 'video/webm' : 'video/x-matroska';
  if (ascii(bytes, '%PDF-')) return 'application/pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipBased(bytes);
  if (startsWith(bytes, [0x1f, 0x8b])) return 'application/gzip';
  if (isText(bytes)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

/** Whether sniffed bytes fit the declared kind: `image` and `video` must be one. */
export function fitsKind(kind: FileKind, contentType: string): boolean {
  if (kind === 'image') return contentType.startsWith('image/');
  if (kind === 'video') return contentType.startsWith('video/');
  return true;
}

/**
 * Files (media): uploads in a chosen API version, thumbnails and posters over HTTP, and
 * test images made with sharp (the library messaging uses).
 */
import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { rootFolderOf } from '@ncs/contracts';
import { baseUrl, mediaType, type ApiResponse } from '../api.js';
import { filePath, folderFilesPath, parseResponse, type FileBody } from './files.js';

export interface MediaFileBody extends FileBody {
  thumbnails: boolean;
  videoState: 'processing' | 'ready' | 'failed' | null;
  duration: number | null;
  poster: { type: string; EID: string } | null;
  numVideoViews: number;
}

export const thumbnailPath = (networkEID: string, fileEID: string, size: string) =>
  filePath(networkEID, fileEID, `thumbnails/${size}`);

/** Uploads `bytes` into the group's root folder as `kind`, with the `Accept` of `version`. */
export async function uploadInVersion(
  networkEID: string,
  groupEID: string,
  token: string,
  bytes: Buffer,
  kind: string,
  version?: string,
  filename = 'upload.bin',
): Promise<ApiResponse<MediaFileBody>> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const response = await fetch(
    `${baseUrl()}${folderFilesPath(networkEID, rootFolderOf(groupEID))}?kind=${kind}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: mediaType(version) },
      body: form,
      signal: AbortSignal.timeout(60_000),
    },
  );
  return parseResponse<MediaFileBody>(response);
}

/** Uploads and throws unless 201. */
export async function newMediaFile(
  networkEID: string,
  groupEID: string,
  token: string,
  bytes: Buffer,
  kind: string,
  filename?: string,
): Promise<MediaFileBody> {
  const response = await uploadInVersion(networkEID, groupEID, token, bytes, kind, undefined, filename);
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${response.text}`);
  return response.body;
}

/** GETs a path of bytes (thumbnail, poster, download) as `token`; `redirected`: a redirect was followed. */
export async function getBytes(path: string, token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: mediaType(), ...headers },
    signal: AbortSignal.timeout(60_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text: bytes.toString('utf8'),
    redirected: response.redirected,
  };
}

/** A plain image of `width` x `height` (PNG compresses a flat colour to a few KB). */
export function flatImage(width: number, height: number, format: 'png' | 'jpeg' = 'png', alpha = false) {
  const image = sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 40, g: 120, b: 200, alpha: 0.5 } },
  });
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of about 100 bytes whose header declares `width` x `height` (RGB) and whose data holds one
 * row: its size can be read, and decoding it would cost what the size says. The cheap way to send
 * an image of hundreds of megapixels.
 */
export function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + 3 * width))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width, height and format of image bytes. */
export async function imageInfo(bytes: Buffer) {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

/** A 2-second 64x48 H.264 MP4 (3.6 KB), made with the ffmpeg of `@ffmpeg-installer/ffmpeg`. */
export const tinyVideo = () => readFile(new URL('../../fixtures/tiny-2s.mp4', import.meta.url));

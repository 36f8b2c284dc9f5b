/**
 * Files: media (issue #16): uploads in a chosen API version, thumbnails and posters over HTTP, and
 * test images made with sharp (the library messaging uses).
 */
import { readFile } from 'node:fs/promises';
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

/** GETs a path of bytes (thumbnail, poster, download) as `token`. */
export async function getBytes(path: string, token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: mediaType(), ...headers },
    signal: AbortSignal.timeout(60_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/** A plain image of `width` x `height` (PNG compresses a flat colour to a few KB). */
export function flatImage(width: number, height: number, format: 'png' | 'jpeg' = 'png', alpha = false) {
  const image = sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 40, g: 120, b: 200, alpha: 0.5 } },
  });
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg().toBuffer();
}

/** Width, height and format of image bytes. */
export async function imageInfo(bytes: Buffer) {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

/** A 2-second 64x48 H.264 MP4 (3.6 KB), made with the ffmpeg of `@ffmpeg-installer/ffmpeg`. */
export const tinyVideo = () => readFile(new URL('../../fixtures/tiny-2s.mp4', import.meta.url));

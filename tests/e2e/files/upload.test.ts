/**
 * Files: upload into a group's folder (multipart, streamed in chunks), metadata,
 * download with ETag, Range and If-None-Match; size limits per kind (413), the content type from
 * the bytes (a declared image that is not one: 400), empty, missing and truncated uploads (400),
 * and who may read and write (a hidden group's non-member and another network: 404).
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootFolderOf } from '@ncs/contracts';
import { baseUrl, call, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  download,
  filePath,
  folderFilesPath,
  newFile,
  PNG_1X1,
  upload,
  type FileBody,
  filesScene,
} from '../../support/factories/files.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let memberToken: string;
let outsiderToken: string;
let groupEID: string;
let hiddenEID: string;
let folderPath: string;

beforeAll(async () => {
  ({ network, adminToken, memberToken, outsiderToken, groupEID, hiddenEID } =
    await filesScene('Files upload'));
  folderPath = folderFilesPath(network.networkEID, rootFolderOf(groupEID));
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('uploading into a group folder and reading it back', () => {
  let file: FileBody;

  beforeAll(async () => {
    file = await newFile(network.networkEID, groupEID, memberToken, PNG_1X1, { filename: 'dot.png' });
  });

  it('answers the file resource (201) with its sniffed type, uploader, ETag and links', async () => {
    expect(file).toMatchObject({
      type: 'file',
      name: 'dot.png',
      size: PNG_1X1.length,
      contentType: 'image/png',
      kind: 'image',
      group: { type: 'group', EID: groupEID },
      folder: { type: 'folder', EID: rootFolderOf(groupEID) },
      ETag: `"${sha(PNG_1X1)}"`,
    });
    expect(file._links.download?.href).toMatch(new RegExp(`/files/${file.EID}/download$`));
    const read = await call<FileBody>(filePath(network.networkEID, file.EID), { token: adminToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ EID: file.EID, size: PNG_1X1.length, uploader: file.uploader });
  });

  it('downloads the bytes with Content-Length, ETag and Accept-Ranges; If-None-Match is 304', async () => {
    const whole = await download(network.networkEID, file.EID, memberToken);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(PNG_1X1)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('content-length')).toBe(String(PNG_1X1.length));
    expect(whole.headers.get('etag')).toBe(file.ETag);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const again = await download(network.networkEID, file.EID, memberToken, { 'if-none-match': file.ETag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('answers a Range with 206 and Content-Range, and one outside the file with 416', async () => {
    const part = await download(network.networkEID, file.EID, memberToken, { range: 'bytes=1-3' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG_1X1.length}`);
    expect(part.bytes.equals(PNG_1X1.subarray(1, 4))).toBe(true);
    const outside = await download(network.networkEID, file.EID, memberToken, { range: 'bytes=5000-' });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${PNG_1X1.length}`);
    expect(JSON.parse(outside.bytes.toString())).toMatchObject({ code: -388 });
  });

  it('stores a file of several chunks whole, and serves a range across a chunk boundary', async () => {
    const bytes = randomBytes(600 * 1024);
    const big = await newFile(network.networkEID, groupEID, memberToken, bytes, {
      kind: 'file',
      filename: 'noise.bin',
    });
    expect(big).toMatchObject({ size: bytes.length, contentType: 'application/octet-stream', kind: 'file' });
    const whole = await download(network.networkEID, big.EID, memberToken);
    expect(sha(whole.bytes)).toBe(sha(bytes));
    const boundary = 255 * 1024;
    const part = await download(network.networkEID, big.EID, memberToken, {
      range: `bytes=${boundary - 10}-${boundary + 9}`,
    });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(bytes.subarray(boundary - 10, boundary + 10))).toBe(true);
  });
});

describe('what an upload must be', () => {
  it('sniffs the bytes: a declared image that is text is 400 naming the mismatch; a file keeps its real type', async () => {
    const text = Buffer.from('just some words\n');
    const refused = await upload(folderPath, memberToken, text, { kind: 'image', partType: 'image/png' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: -378 });
    expect(refused.text).toContain('text/plain');
    const kept = await upload(folderPath, memberToken, PNG_1X1, { kind: 'file', partType: 'text/plain' });
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ contentType: 'image/png', kind: 'file' });
  });

  it('refuses an image above its 20 MiB limit with 413, counted while streaming', async () => {
    const tooBig = Buffer.alloc(20 * 1024 * 1024 + 1, 7);
    const response = await upload(folderPath, memberToken, tooBig, { kind: 'image' });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ code: -376 });
  });

  it('answers 400 for an empty file, a body without the file part, and a truncated body', async () => {
    const empty = await upload(folderPath, memberToken, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: -377 });
    const wrongPart = await upload(folderPath, memberToken, PNG_1X1, { field: 'picture' });
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.body).toMatchObject({ code: -379 });
    expect(wrongPart.text).toContain('file');
    const boundary = 'XyZ';
    const truncated = await fetch(`${baseUrl()}${folderPath}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${memberToken}`,
        accept: mediaType(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi`,
    });
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toMatchObject({ code: -379 });
    // A part besides `file` (after it, or before it) is 400 naming it; nothing is stored.
    for (const body of [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${PNG_1X1.toString('latin1')}\r\n--${boundary}\r\nContent-Disposition: form-data; name="extra"\r\n\r\n42\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="extra"\r\n\r\n42\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${PNG_1X1.toString('latin1')}\r\n--${boundary}--\r\n`,
    ]) {
      const extra = await fetch(`${baseUrl()}${folderPath}?kind=image`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${memberToken}`,
          accept: mediaType(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: Buffer.from(body, 'latin1'),
      });
      expect(extra.status).toBe(400);
      expect(await extra.json()).toMatchObject({ code: -379, errors: [{ pointer: '/body/extra' }] });
    }
  });

  it('takes multipart/form-data only (415)', async () => {
    const json = await call(folderPath, { token: memberToken, json: { file: 'x' } });
    expect(json.status).toBe(415);
  });
});

describe('who may upload and read', () => {
  it("a hidden group's non-member finds neither its folder nor its files (404)", async () => {
    const hiddenFolder = folderFilesPath(network.networkEID, rootFolderOf(hiddenEID));
    const refused = await upload(hiddenFolder, outsiderToken, PNG_1X1, { kind: 'image' });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: -375 });
    const file = await newFile(network.networkEID, hiddenEID, memberToken);
    const meta = await call(filePath(network.networkEID, file.EID), { token: outsiderToken });
    expect(meta.status).toBe(404);
    expect(meta.body).toMatchObject({ code: -374 });
    const bytes = await download(network.networkEID, file.EID, outsiderToken);
    expect(bytes.status).toBe(404);
  });

  it('a folder of no group is 404', async () => {
    const nowhere = folderFilesPath(network.networkEID, 'aaaaaaaaaaaaaaaaaaaaaaaa');
    const refused = await upload(nowhere, adminToken, PNG_1X1, { kind: 'image' });
    expect(refused.status).toBe(404);
  });

  it("another network's people find nothing (404), through either network's path", async () => {
    const file = await newFile(network.networkEID, groupEID, memberToken);
    const other = await newNetwork('Files elsewhere');
    const otherToken = await other.admin.token();
    const viaTheirs = await call(filePath(other.networkEID, file.EID), { token: otherToken });
    expect(viaTheirs.status).toBe(404);
    const viaOurs = await download(network.networkEID, file.EID, otherToken);
    expect(viaOurs.status).toBe(404);
    const theirUpload = await upload(folderPath, otherToken, PNG_1X1, { kind: 'image' });
    expect(theirUpload.status).toBe(404);
  });
});

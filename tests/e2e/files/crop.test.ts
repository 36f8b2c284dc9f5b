/**
 * Files: crop (`POST …/messages/{messageEID}/crop`): whoever may edit the message (its author)
 * crops an image attached to it; the rectangle becomes a new image of exactly its size, with
 * thumbnails, in the attachment's place, naming its `original`, which stays stored, unchanged and
 * readable by the message's readers. Anyone else who reads the message gets editing's 403, another
 * network 404; a file that is not attached, not an image, or a rectangle outside the image is 400
 * naming the field, and nothing changes on any refusal.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { fileRef, newTemporaryFile, postWithFiles } from '../../support/factories/attachments.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { download, filePath, type FileBody } from '../../support/factories/files.js';
import { getBytes, thumbnailPath } from '../../support/factories/media.js';
import { messagesPath, type MessageBody } from '../../support/factories/messages.js';

afterAll(closeFactories);

type CroppedFile = FileBody & { original: { type: string; EID: string } | null; thumbnails: boolean };

let network: TestNetwork;
let authorToken: string;
let readerToken: string;
let adminToken: string;
let strangerToken: string;
let strangerNetworkEID: string;
let photo: Buffer;
let image: FileBody;
let pngAsFile: FileBody;
let message: MessageBody;

const RED = { r: 200, g: 30, b: 30 };
const BLUE = { r: 20, g: 60, b: 220 };

/** 80x60 PNG: red on the left half, blue on the right (lossless, so the crop can be read back exactly). */
function twoColourImage(): Promise<Buffer> {
  const pixels = Buffer.alloc(80 * 60 * 3);
  for (let y = 0; y < 60; y += 1)
    for (let x = 0; x < 80; x += 1) {
      const { r, g, b } = x < 40 ? RED : BLUE;
      pixels.set([r, g, b], (y * 80 + x) * 3);
    }
  return sharp(pixels, { raw: { width: 80, height: 60, channels: 3 } })
    .png()
    .toBuffer();
}

const cropPath = (networkEID: string, messageEID: string) => messagesPath(networkEID, `${messageEID}/crop`);
const crop = (token: string, body: Record<string, unknown>, networkEID = network.networkEID) =>
  call<MessageBody & { detail?: string }>(cropPath(networkEID, message.EID), { token, json: body });
const rectangle = { x: 40, y: 10, width: 30, height: 20 };
const embeddedImages = (body: MessageBody) =>
  ((body._embedded as Record<string, CroppedFile[]> | undefined)?.images ?? []).map((file) => file.EID);
const readMessage = () =>
  call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), { token: readerToken });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  network = await newNetwork('Files crop');
  adminToken = await network.admin.token();
  const [author, reader] = await Promise.all([network.newMember(), network.newMember()]);
  [authorToken, readerToken] = await Promise.all([author.token(), reader.token()]);
  const stranger = await newNetwork('Files crop, another network');
  strangerToken = await stranger.admin.token();
  strangerNetworkEID = stranger.networkEID;
  photo = await twoColourImage();
  image = await newTemporaryFile(network.networkEID, authorToken, photo, { filename: 'photo.png' });
  // An image's bytes uploaded as kind `file`: no image behaviour (no thumbnails, no crop).
  pngAsFile = await newTemporaryFile(network.networkEID, authorToken, photo, {
    kind: 'file',
    filename: 'scan.png',
  });
  const posted = await postWithFiles(network.networkEID, authorToken, {
    images: [fileRef(image.EID)],
    files: [fileRef(pngAsFile.EID)],
  });
  expect(posted.status, posted.text).toBe(201);
  message = posted.body;
});

describe('refusals, before anything is written', () => {
  it('gives anyone who may not edit the message the 403 of editing (a network administrator too)', async () => {
    for (const token of [readerToken, adminToken]) {
      const answer = await crop(token, { file: fileRef(image.EID), ...rectangle });
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.code).toBe(-327);
    }
  });

  it('is 404 from another network, by either network in the path', async () => {
    for (const networkEID of [strangerNetworkEID, network.networkEID]) {
      const answer = await crop(strangerToken, { file: fileRef(image.EID), ...rectangle }, networkEID);
      expect(answer.status, answer.text).toBe(404);
    }
  });

  it('refuses a file not attached to the message, naming /body/file/EID', async () => {
    const loose = await newTemporaryFile(network.networkEID, authorToken, photo, { filename: 'loose.png' });
    for (const EID of [loose.EID, '0123456789abcdef01234567']) {
      const answer = await crop(authorToken, { file: fileRef(EID), ...rectangle });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.code).toBe(-476);
      expect(answer.body.errors?.map((e) => e.pointer)).toEqual(['/body/file/EID']);
    }
  });

  it('refuses an attached file that is not an image (kind file, even with image bytes), naming /body/file', async () => {
    const answer = await crop(authorToken, { file: fileRef(pngAsFile.EID), ...rectangle });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.code).toBe(-477);
    expect(answer.body.errors?.map((e) => e.pointer)).toEqual(['/body/file']);
  });

  it('refuses a rectangle outside the image, naming the field and giving the image size', async () => {
    for (const [outside, pointer] of [
      [{ x: 60, y: 0, width: 30, height: 10 }, '/body/width'],
      [{ x: 0, y: 50, width: 10, height: 11 }, '/body/height'],
      [{ x: 80, y: 0, width: 1, height: 1 }, '/body/x'],
    ] as const) {
      const answer = await crop(authorToken, { file: fileRef(image.EID), ...outside });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.code).toBe(-478);
      expect(answer.body.errors?.map((e) => e.pointer)).toEqual([pointer]);
      expect(answer.body.detail).toContain('80x60');
    }
  });

  it('changed nothing: the message still shows the uploaded image', async () => {
    const read = await readMessage();
    expect(read.status).toBe(200);
    expect(embeddedImages(read.body)).toEqual([image.EID]);
    expect(read.body.lastEdited ?? null).toBeNull();
  });
});

describe('a crop by the author', () => {
  let cropped: MessageBody;
  let derived: CroppedFile;

  beforeAll(async () => {
    const answer = await crop(authorToken, { file: fileRef(image.EID), ...rectangle });
    expect(answer.status, answer.text).toBe(200);
    cropped = answer.body;
    const [EID] = embeddedImages(cropped);
    const file = await call<CroppedFile>(filePath(network.networkEID, EID!), { token: readerToken });
    expect(file.status, file.text).toBe(200);
    derived = file.body;
  });

  it('answers the message with the new image in the attachment’s place', () => {
    expect(cropped.EID).toBe(message.EID);
    expect(embeddedImages(cropped)).toHaveLength(1);
    expect(embeddedImages(cropped)[0]).not.toBe(image.EID);
    expect(cropped).toMatchObject({ numImages: 1, numFiles: 1 });
    expect(cropped.lastEdited).toEqual(expect.any(String));
  });

  it('is a new image file of the message that names its original', () => {
    expect(derived).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      name: 'photo-crop.png',
      thumbnails: true,
      original: { type: 'file', EID: image.EID },
      message: { type: 'message', EID: message.EID },
    });
    expect(derived._links.original?.href).toMatch(new RegExp(`/files/${image.EID}/$`));
  });

  it('holds exactly the rectangle: width x height pixels, from the right place', async () => {
    const { status, bytes } = await download(network.networkEID, derived.EID, readerToken);
    expect(status).toBe(200);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([rectangle.width, rectangle.height]);
    // x = 40 … 69 lies in the blue half only.
    for (let i = 0; i < data.length; i += info.channels)
      expect([data[i], data[i + 1], data[i + 2]]).toEqual([BLUE.r, BLUE.g, BLUE.b]);
  });

  it('has thumbnails through the thumbnail route', async () => {
    for (const size of ['270x270', '390x170']) {
      const thumbnail = await getBytes(thumbnailPath(network.networkEID, derived.EID, size), readerToken);
      expect(thumbnail.status, thumbnail.text).toBe(200);
      const [width, height] = size.split('x').map(Number);
      const info = await sharp(thumbnail.bytes).metadata();
      expect([info.width, info.height]).toEqual([width, height]);
    }
  });

  it('keeps the original stored, unchanged and readable by the message’s readers', async () => {
    const original = await call<CroppedFile>(filePath(network.networkEID, image.EID), { token: readerToken });
    expect(original.status, original.text).toBe(200);
    expect(original.body).toMatchObject({ original: null, message: { type: 'message', EID: message.EID } });
    const { status, bytes } = await download(network.networkEID, image.EID, readerToken);
    expect(status).toBe(200);
    expect(sha256(bytes)).toBe(sha256(photo));
  });

  it('a second crop is of the new image, in its pixels', async () => {
    const again = await crop(authorToken, { file: fileRef(derived.EID), x: 0, y: 0, width: 31, height: 5 });
    expect(again.status, again.text).toBe(400);
    expect(again.body.errors?.map((e) => e.pointer)).toEqual(['/body/width']);
    expect(again.body.detail).toContain('30x20');
  });
});

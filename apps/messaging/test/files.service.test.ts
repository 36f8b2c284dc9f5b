/**
 * Files on the real store: what the chunk writer stores (`storeChunk`, `finishUpload`)
 * is a GridFS file the driver's own `GridFSBucket.openDownloadStream` reads back byte-exact (whole
 * and by range); the sweep removes a temporary file not attached in time (record, files document,
 * chunks) and an idle upload's chunks, and leaves an attached file and a live upload alone; a removed
 * message's files (`releaseAttachments`): one of no folder is swept after the time, bytes and all,
 * one of a group folder stays there, detached; a deleted file's thumbnails go with it. Files:
 * branding images: an adopted network asset is never swept; an adoption checks every file first.
 */
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { FILE_CHUNK_BYTES } from '@ncs/contracts';
import { registerMessagingModels, type MessagingModels } from '../src/models.js';
import { finishUpload, storeChunk } from '../src/files/upload.js';
import { sweepIdleUploads, sweepTemporaryFiles } from '../src/files/sweep.js';
import { releaseAttachments } from '../src/files/attachments.js';
import { writeBlob } from '../src/files/blobs.js';
import type { RpcClient } from '@ncs/service-kit';
import { adoptAssets } from '../src/files/assets.js';

const unique = () => randomBytes(4).toString('hex');
const NET = randomBytes(12).toString('hex');
const UPLOADER = 'd'.repeat(24);

let connection: mongoose.Connection;
let models: MessagingModels;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(inject('mongoUrl'), { dbName: `messaging_files_${unique()}` })
    .asPromise();
  models = registerMessagingModels(connection);
  await Promise.all([models.files.FileRecord.syncIndexes(), models.files.FileChunk.syncIndexes()]);
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

/** Stores `bytes` as the chunk writer does (the gateway's cut: exact chunks, the last shorter). */
async function stored(
  bytes: Buffer,
  options: { temporary?: boolean; kind?: 'file' | 'image'; uploaderEID?: string } = {},
): Promise<string> {
  const uploadId = new mongoose.Types.ObjectId().toHexString();
  await new models.files.FileUpload({
    networkEID: NET,
    uploadId,
    kind: options.kind ?? 'file',
    uploaderEID: options.uploaderEID ?? UPLOADER,
    temporary: options.temporary ?? false,
  }).save();
  for (let n = 0; n * FILE_CHUNK_BYTES < bytes.length; n += 1) {
    const data = bytes.subarray(n * FILE_CHUNK_BYTES, (n + 1) * FILE_CHUNK_BYTES).toString('base64');
    await storeChunk(models, NET, { uploadId, n, data });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await finishUpload(models, NET, { uploadId, name: 'data.bin', length: bytes.length, sha256 });
  return uploadId;
}

async function readWithDriver(id: string, range?: { start: number; end: number }): Promise<Buffer> {
  const bucket = new mongoose.mongo.GridFSBucket(connection.db!, { bucketName: 'files' });
  const parts: Buffer[] = [];
  for await (const part of bucket.openDownloadStream(new mongoose.Types.ObjectId(id), range))
    parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('the chunk writer and GridFS', () => {
  it('stores what GridFSBucket.openDownloadStream reads back byte-exact, whole and by range', async () => {
    const bytes = randomBytes(FILE_CHUNK_BYTES * 2 + 12_345);
    const id = await stored(bytes);
    expect((await readWithDriver(id)).equals(bytes)).toBe(true);
    const range = { start: FILE_CHUNK_BYTES - 10, end: FILE_CHUNK_BYTES * 2 + 5 };
    expect((await readWithDriver(id, range)).equals(bytes.subarray(range.start, range.end))).toBe(true);
  });

  it('stores a file of one short chunk the same way', async () => {
    const bytes = Buffer.from('one small file\n');
    expect((await readWithDriver(await stored(bytes))).equals(bytes)).toBe(true);
  });
});

describe('the sweep', () => {
  const left = async (id: string) => {
    const _id = new mongoose.Types.ObjectId(id);
    return {
      record: await models.files.FileRecord.countDocuments({ networkEID: NET, EID: id }),
      files: await models.files.GridFile.countDocuments({ networkEID: NET, _id }),
      chunks: await models.files.FileChunk.countDocuments({ networkEID: NET, files_id: _id }),
    };
  };

  it('deletes a temporary file past its time, not an attached one nor a younger one', async () => {
    const [due, attached, young] = [
      await stored(randomBytes(300_000), { temporary: true }),
      await stored(randomBytes(10), { temporary: true }),
      await stored(randomBytes(10), { temporary: true }),
    ];
    await models.files.FileRecord.updateOne(
      { networkEID: NET, EID: attached },
      { $set: { messageEID: 'e'.repeat(24) } },
    );
    const later = new Date(Date.now() + 60_000);
    await models.files.FileRecord.updateOne(
      { networkEID: NET, EID: young },
      { $set: { temporarySince: later } },
    );
    expect(await sweepTemporaryFiles(models, 30_000, later)).toBe(1);
    expect(await left(due)).toEqual({ record: 0, files: 0, chunks: 0 });
    expect(await left(attached)).toEqual({ record: 1, files: 1, chunks: 1 });
    expect(await left(young)).toEqual({ record: 1, files: 1, chunks: 1 });
  });

  it("ends an idle upload and removes its chunks; a live one's stay", async () => {
    const idle = new mongoose.Types.ObjectId().toHexString();
    const live = new mongoose.Types.ObjectId().toHexString();
    for (const uploadId of [idle, live]) {
      await models.files.FileUpload.create({
        networkEID: NET,
        uploadId,
        kind: 'file',
        uploaderEID: UPLOADER,
      });
      await storeChunk(models, NET, { uploadId, n: 0, data: randomBytes(100).toString('base64') });
    }
    const now = new Date(Date.now() + 10_000);
    await models.files.FileUpload.updateOne({ networkEID: NET, uploadId: live }, { $set: { touched: now } });
    expect(await sweepIdleUploads(models, 5_000, now)).toBe(1);
    expect(await models.files.FileUpload.countDocuments({ networkEID: NET, uploadId: idle })).toBe(0);
    expect(await left(idle)).toMatchObject({ chunks: 0 });
    expect(await left(live)).toMatchObject({ chunks: 1 });
  });

  /** A message of NET (removed or not) as the store holds it; its EID. */
  async function message(removed: boolean): Promise<string> {
    const doc = await models.Message.create({
      networkEID: NET,
      type: 'update',
      authorEID: UPLOADER,
      htmlBody: '<p>files</p>',
      timelineAt: new Date(),
      ...(removed ? { status: 'removed', removedAt: new Date(), removedBy: UPLOADER } : {}),
    });
    return String(doc._id);
  }

  const attach = (EID: string, messageEID: string, groupEID: string | null = null) =>
    models.files.FileRecord.updateOne(
      { networkEID: NET, EID },
      { $set: { messageEID, temporarySince: null, groupEID, folderEID: groupEID } },
    );

  it("deletes a removed message's file of no folder once its time is past; one of a folder stays there", async () => {
    const [removedEID, liveEID] = [await message(true), await message(false)];
    const [loose, inFolder, ofLive] = [
      await stored(randomBytes(FILE_CHUNK_BYTES + 1_000)),
      await stored(randomBytes(10)),
      await stored(randomBytes(10)),
    ];
    await attach(loose, removedEID);
    await attach(inFolder, removedEID, 'f'.repeat(24));
    await attach(ofLive, liveEID);
    // A thumbnail made of the loose file (a blob of the bucket and its row).
    const thumbnail = await writeBlob(models, NET, randomBytes(100), `${loose}-small`, 'image/png');
    const { Thumbnail } = models.files.media;
    await Thumbnail.create({
      networkEID: NET,
      fileEID: loose,
      size: 'small',
      blobId: thumbnail.id,
      length: thumbnail.length,
      contentType: 'image/png',
    });
    const released = new Date();
    await releaseAttachments(models, NET, removedEID, released);
    // A live message's file with `temporarySince` (a claim half-way) is not the sweep's either.
    await models.files.FileRecord.updateOne(
      { networkEID: NET, EID: ofLive },
      { $set: { temporarySince: released } },
    );

    const record = (EID: string) => models.files.FileRecord.findOne({ networkEID: NET, EID }).lean();
    // Released: the loose file still names the removed message (nobody attaches it again).
    expect(await record(loose)).toMatchObject({ messageEID: removedEID, temporarySince: released });
    expect(await record(inFolder)).toMatchObject({ messageEID: null, temporarySince: null });

    // Before its time nothing goes; after it, the loose file with its bytes.
    expect(await sweepTemporaryFiles(models, 30_000, new Date(released.getTime() + 10_000))).toBe(0);
    expect(await left(loose)).toEqual({ record: 1, files: 1, chunks: 2 });
    expect(await sweepTemporaryFiles(models, 30_000, new Date(released.getTime() + 60_000))).toBe(1);
    expect(await left(loose)).toEqual({ record: 0, files: 0, chunks: 0 });
    expect(await Thumbnail.countDocuments({ networkEID: NET, fileEID: loose })).toBe(0);
    expect(await left(String(thumbnail.id))).toMatchObject({ files: 0, chunks: 0 });
    expect(await left(inFolder)).toEqual({ record: 1, files: 1, chunks: 1 });
    expect(await left(ofLive)).toEqual({ record: 1, files: 1, chunks: 1 });
  });
});

describe('branding images: network assets', () => {
  // Temporary files are read by their uploader alone: no question to auth (no RPC made).
  const rpc = {} as RpcClient;
  const ctx = { networkEID: NET, principal: { profileEID: UPLOADER }, version: '2026.1.13', requestId: 'r' };
  const adopt = (files: { EID: string; pointer: string }[]) =>
    adoptAssets(models, rpc, ctx as never, { files });
  // The smallest PNG (1x1): the upload checks an image's bytes.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const image = (uploaderEID?: string) =>
    stored(PNG, { temporary: true, kind: 'image', ...(uploaderEID ? { uploaderEID } : {}) });
  const record = (EID: string) => models.files.FileRecord.findOne({ networkEID: NET, EID }).lean();

  it('adopts the uploader’s temporary image: no longer temporary, never swept (even at age 0)', async () => {
    const asset = await image();
    expect(await adopt([{ EID: asset, pointer: '/body/emblem' }])).toEqual({ adopted: 1 });
    expect(await adopt([{ EID: asset, pointer: '/body/emblem' }])).toEqual({ adopted: 0 }); // idempotent
    expect(await record(asset)).toMatchObject({ temporarySince: null, networkAssetSince: expect.any(Date) });
    await sweepTemporaryFiles(models, 0, new Date(Date.now() + 60_000));
    expect(await record(asset)).not.toBeNull();
  });

  it('leaves a file that is temporary and an asset at once (an adoption racing the sweep) alone', async () => {
    const raced = await image();
    await models.files.FileRecord.updateOne(
      { networkEID: NET, EID: raced },
      { $set: { networkAssetSince: new Date() } },
    );
    await sweepTemporaryFiles(models, 0, new Date(Date.now() + 60_000));
    expect(await record(raced)).not.toBeNull();
  });

  it('checks every file before it marks any: a kind `file`, another’s temporary, an unknown EID', async () => {
    const good = await image();
    const plain = await stored(randomBytes(10), { temporary: true, kind: 'file' });
    const others = await image('c'.repeat(24));
    for (const [bad, message] of [
      [plain, /kind file/],
      [others, /may read/],
      ['f'.repeat(24), /may read/],
    ] as const) {
      await expect(
        adopt([
          { EID: good, pointer: '/body/emblem' },
          { EID: bad, pointer: '/body/loginBackgroundUrls/1' },
        ]),
      ).rejects.toMatchObject({
        status: 400,
        code: -397,
        details: [{ pointer: '/body/loginBackgroundUrls/1', message: expect.stringMatching(message) }],
      });
    }
    expect(await record(good)).toMatchObject({ networkAssetSince: null, temporarySince: expect.any(Date) });
  });
});

/**
 * Files: crop on the real store: the crop is checked against what is stored (a file listed on the
 * message but no longer its own is refused) and put in the attachment's place only if the message
 * is as it was checked; a concurrent edit or lock wins and what the crop wrote (record, GridFS files
 * document, chunks) is removed, so a refused crop leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { MessageDoc } from '../src/messages/models.js';
import { registerMessagingModels, type MessagingModels } from '../src/models.js';
import type { Caller } from '../src/messages/access.js';
import { writeBlob } from '../src/files/blobs.js';
import { checkedSource, putCropInPlace } from '../src/files/crop.js';
import { attachmentPlaceOf, cropOutputOf } from '../src/files/crop-rules.js';
import type { FileRecordDoc } from '../src/files/models.js';

const NET = randomBytes(12).toString('hex');
const AUTHOR = 'a'.repeat(24);
const caller = { networkEID: NET, profileEID: AUTHOR, ctx: {} } as Caller;

let connection: mongoose.Connection;
let models: MessagingModels;
let png: Buffer;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(inject('mongoUrl'), { dbName: `messaging_crop_${randomBytes(4).toString('hex')}` })
    .asPromise();
  models = registerMessagingModels(connection);
  await models.files.FileRecord.syncIndexes();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

/** A message of the author's with one attached image (stored as an upload is). */
async function messageWithImage(): Promise<{ message: MessageDoc; image: FileRecordDoc }> {
  const messageId = new mongoose.Types.ObjectId();
  const blob = await writeBlob(models, NET, png, 'photo.png', 'image/png');
  const image = await models.files.FileRecord.create({
    networkEID: NET,
    EID: blob.id.toHexString(),
    name: 'photo.png',
    size: blob.length,
    contentType: 'image/png',
    kind: 'image',
    uploaderEID: AUTHOR,
    sha256: blob.sha256,
    messageEID: messageId.toHexString(),
  });
  const message = await models.Message.create({
    _id: messageId,
    networkEID: NET,
    type: 'update',
    authorEID: AUTHOR,
    htmlBody: '<p>Photo</p>',
    timelineKey: 'network',
    timelineAt: new Date(),
    imageEIDs: [image.EID],
  });
  return { message: message.toObject(), image: image.toObject() };
}

const body = (EID: string) => ({ file: { type: 'file' as const, EID }, x: 5, y: 5, width: 20, height: 10 });
const crops = (image: FileRecordDoc) =>
  models.files.FileRecord.find({ networkEID: NET, originalEID: image.EID });
const blobCount = () => models.files.GridFile.countDocuments({ networkEID: NET });

describe('a crop on the store', () => {
  it('puts the new image in the attachment’s place, naming its original, which stays', async () => {
    const { message, image } = await messageWithImage();
    const { record, place } = await checkedSource(models, message, body(image.EID));
    const bytes = await sharp(png).extract({ left: 5, top: 5, width: 20, height: 10 }).png().toBuffer();
    const { cropped, edited } = await putCropInPlace(
      models,
      caller,
      message,
      place,
      record,
      bytes,
      cropOutputOf('image/png'),
    );
    expect(edited.imageEIDs).toEqual([cropped.EID]);
    expect(edited.lastEdited).toBeInstanceOf(Date);
    expect(cropped).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      originalEID: image.EID,
      messageEID: String(message._id),
      name: 'photo-crop.png',
    });
    expect(await models.files.FileRecord.findOne({ networkEID: NET, EID: image.EID }).lean()).toMatchObject({
      messageEID: String(message._id),
      sha256: image.sha256,
    });
  });

  it('refuses a file the message lists but no longer holds (400 -476), before anything is written', async () => {
    const { message, image } = await messageWithImage();
    await models.files.FileRecord.updateOne(
      { networkEID: NET, EID: image.EID },
      { $set: { messageEID: null } },
    );
    await expect(checkedSource(models, message, body(image.EID))).rejects.toMatchObject({
      code: -476,
      details: [{ pointer: '/body/file/EID' }],
    });
  });

  it.each([
    ['an edit replaced the list', { imageEIDs: ['f'.repeat(24)] }],
    ['the message was locked', { locked: true }],
    ['the message was removed', { removedAt: new Date() }],
  ])('leaves nothing behind when, meanwhile, %s (400 -476)', async (_why, change) => {
    const { message, image } = await messageWithImage();
    const place = attachmentPlaceOf(message, image.EID);
    await models.Message.updateOne({ _id: message._id }, { $set: change });
    const blobs = await blobCount();
    await expect(
      putCropInPlace(models, caller, message, place, image, png, cropOutputOf('image/png')),
    ).rejects.toMatchObject({ code: -476, details: [{ pointer: '/body/file/EID' }] });
    expect(await crops(image)).toEqual([]);
    expect(await blobCount()).toBe(blobs);
    expect(await models.files.FileChunk.countDocuments({ networkEID: NET })).toBe(blobs);
  });
});

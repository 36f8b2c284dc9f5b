/**
 * Files: crop (`POST …/messages/{messageEID}/crop`). Whoever may edit the message (the edit rule
 * itself, `requireEditor`) crops an image attached to it: the rectangle, in the image's pixels as
 * shown (EXIF orientation applied), becomes a new image file (a blob like an upload's, in the
 * source's format where sharp writes it) that names its `original`, and takes the source's place in
 * the message's list. The source keeps `messageEID`, so whoever reads the message still reads it.
 * Every check (message, editor, attachment, kind, size, rectangle) runs before anything is written;
 * the render waits for a turn in the render queue of thumbnails (503 -459 when full). The message's
 * list is replaced only if it is still the one checked; otherwise what the crop wrote is removed.
 */
import sharp from 'sharp';
import { Types } from 'mongoose';
import { DomainError, THUMBNAIL_SOURCE_MAX_PIXELS } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { requireEditor } from '../messages/action-rules.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, presentOne, userRef } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import { readHead, readWhole, removeBlob, writeBlob } from './blobs.js';
import {
  attachmentPlaceOf,
  cropOutputOf,
  croppedName,
  notAttached,
  requireCroppableKind,
  requireCropSourcePixels,
  requireInside,
  type AttachmentPlace,
  type CropOutput,
  type CropRectangle,
  type ImageSize,
} from './crop-rules.js';
import type { FileRecordDoc } from './models.js';
import type { RenderQueue } from './render-queue.js';
import { messageAudience } from '../messages/audience.js';
import type { FileStore } from './models.js';

type CropBody = RequestOf<'message.crop'>['body'];

const unreadable = (why: unknown) =>
  new DomainError('FILES_ERR_NOT_AN_IMAGE', `The image could not be read: ${String(why)}`, [
    { pointer: '/body/file', message: 'names an image that cannot be decoded' },
  ]);

/** Width and height as shown (EXIF orientation applied), from the header; null when unreadable. */
export async function shownSize(bytes: Buffer): Promise<ImageSize | null> {
  try {
    // No pixel limit: only the header is read, and the limit is checked on the size it gives.
    const header = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
    const { width, height } = header.autoOrient ?? header;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The source's size, from its first chunk (the whole image only when the header is not in it). */
async function sizeOf(models: FileStore, record: FileRecordDoc): Promise<ImageSize> {
  const id = new Types.ObjectId(record.EID);
  const size =
    (await shownSize(await readHead(models, record.networkEID, id))) ??
    (await shownSize(await readWhole(models, record.networkEID, id, record.size)));
  if (!size) throw unreadable('no image header');
  return size;
}

/** The rectangle of the source, decoded within the thumbnails' pixel limit, in `output`'s format. */
export async function renderCrop(source: Buffer, rectangle: CropRectangle, output: CropOutput) {
  const { x, y, width, height } = rectangle;
  try {
    const image = sharp(source, { failOn: 'none', limitInputPixels: THUMBNAIL_SOURCE_MAX_PIXELS })
      .autoOrient()
      .extract({ left: x, top: y, width, height });
    return await image
      .toFormat(output.format, output.format === 'png' ? { compressionLevel: 9 } : {})
      .toBuffer();
  } catch (error) {
    throw unreadable(error);
  }
}

/** The attached file, once the rules allow its crop: attached here, an image, within the limits. */
export async function checkedSource(
  models: FileStore,
  message: MessageDoc,
  body: CropBody,
): Promise<{ record: FileRecordDoc; place: AttachmentPlace }> {
  const place = attachmentPlaceOf(message, body.file.EID);
  const record = await models.files.FileRecord.findOne({
    networkEID: message.networkEID,
    EID: body.file.EID,
  }).lean<FileRecordDoc>();
  // Listed but not (or no longer) the message's: a half-done claim, a file swept meanwhile.
  if (!record || record.messageEID !== String(message._id)) throw notAttached();
  requireCroppableKind(record.kind);
  const size = await sizeOf(models, record);
  requireCropSourcePixels(size);
  requireInside(body, size);
  return { record, place };
}

/** Stores the cropped bytes as a file of the message that names its original. */
async function storeCrop(
  models: FileStore,
  caller: Caller,
  source: FileRecordDoc,
  bytes: Buffer,
  output: CropOutput,
): Promise<FileRecordDoc> {
  const name = croppedName(source.name, output);
  const blob = await writeBlob(models, caller.networkEID, bytes, name, output.contentType);
  const record = new models.files.FileRecord({
    networkEID: caller.networkEID,
    EID: blob.id.toHexString(),
    name,
    size: blob.length,
    contentType: output.contentType,
    kind: 'image',
    // Made by the editor, who is the message's author: later edits of the lists treat it as theirs.
    uploaderEID: caller.profileEID,
    uploaderType: 'user',
    // It lives with the message, in no folder: read by the message's readers.
    folderEID: null,
    groupEID: null,
    sha256: blob.sha256,
    messageEID: source.messageEID,
    originalEID: source.EID,
  });
  try {
    await record.save();
  } catch (error) {
    await removeBlob(models, caller.networkEID, blob.id);
    throw error;
  }
  return record.toObject();
}

async function removeCrop(models: FileStore, record: FileRecordDoc): Promise<void> {
  await models.files.FileRecord.deleteOne({ networkEID: record.networkEID, EID: record.EID });
  await removeBlob(models, record.networkEID, new Types.ObjectId(record.EID));
}

/**
 * Stores the crop and puts it in the source's place in the message's list: only the list that was
 * checked, on a message still editable (a concurrent edit, lock or removal wins, and what the crop
 * wrote is removed: 400 -476).
 */
export async function putCropInPlace(
  models: FileStore,
  caller: Caller,
  message: MessageDoc,
  place: AttachmentPlace,
  source: FileRecordDoc,
  bytes: Buffer,
  output: CropOutput,
): Promise<{ cropped: FileRecordDoc; edited: MessageDoc }> {
  const cropped = await storeCrop(models, caller, source, bytes, output);
  const list = place.list.map((EID, i) => (i === place.index ? cropped.EID : EID));
  const edited = await models.Message.findOneAndUpdate(
    {
      _id: message._id,
      networkEID: caller.networkEID,
      removedAt: null,
      locked: { $ne: true },
      [place.field]: [...place.list],
    },
    { $set: { [place.field]: list, lastEdited: new Date() } },
    { returnDocument: 'after' },
  ).lean<MessageDoc>();
  if (!edited) {
    await removeCrop(models, cropped);
    throw notAttached(
      'is no longer attached where it was',
      'The message changed while the image was cropped.',
    );
  }
  return { cropped, edited };
}

/** `message.crop`: 200 with the message, its attachment now the cropped image. */
export async function cropAttachedImage(
  { models, rpc, outbox }: WriteDeps<FileStore>,
  caller: Caller,
  messageEID: string,
  body: CropBody,
  renders: RenderQueue,
) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  requireEditor(message, caller); // the edit rule: the same 403 -327 / 409 -328 an edit gives
  const { record: source, place } = await checkedSource(models, message, body);
  const output = cropOutputOf(source.contentType);
  // A key of its own: unlike a thumbnail, two crops are two new files, never one shared render.
  const bytes = await renders.run(`crop:${new Types.ObjectId().toHexString()}`, async () =>
    renderCrop(
      await readWhole(models, caller.networkEID, new Types.ObjectId(source.EID), source.size),
      body,
      output,
    ),
  );
  const { cropped, edited } = await putCropInPlace(models, caller, message, place, source, bytes, output);
  // Recorded as the edit it is: the message's attachment changed.
  await outbox.record('messaging.message.edited', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: messageAudience(edited),
    data: {
      message: messageSummary(edited),
      previousHtmlBody: message.htmlBody,
      crop: {
        original: { type: 'file', EID: source.EID },
        file: { type: 'file', EID: cropped.EID },
        x: body.x,
        y: body.y,
        width: body.width,
        height: body.height,
      },
    },
  });
  return presentOne(models, caller, edited);
}

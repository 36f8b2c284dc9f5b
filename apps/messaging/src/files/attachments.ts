/**
 * Files (attachments): a message's `images`, `videos` and `files`. Checked before the
 * message is written (`attachmentFieldsOf`, rules in attachment-rules.ts), then each file is claimed
 * for the message by one conditional update (`messageEID: null` → the message), so two messages
 * never take the same file; a claim that fails (a concurrent claim, the sweep) undoes the others
 * and the write. Attached, a temporary file is temporary no more: it lives where the message lives
 * (who reads the message reads it). An edit's lists replace the message's; a file dropped from a
 * message is detached, and a dropped file of no folder is temporary again (the sweep takes it).
 * A removed message releases its files (`releaseAttachments`): one of a folder is detached and stays
 * there; one of no folder keeps the message (nobody attaches it again, nobody reads it) and waits
 * for the sweep, which deletes it once the message is removed (removal is final).
 */
import { DomainError, isEid } from '@ncs/contracts';
import type { MessageDoc } from '../messages/models.js';
import { fieldProblem } from '../messages/types.js';
import {
  ATTACHMENT_LIST_NAMES,
  attachedEIDs,
  checkedAttachments,
  namesAttachments,
  STORED_FIELD,
  type AttachableFile,
  type AttachmentBody,
  type AttachmentFields,
} from './attachment-rules.js';
import type { FileStore } from './models.js';

/** Who writes: the network and the uploader the files must have (a person's or an app's EID). */
export interface Attacher {
  readonly networkEID: string;
  readonly profileEID: string;
}

/** The stored lists of a new (or edited) message, checked; `{}` when the body names none. */
export async function attachmentFieldsOf(
  models: FileStore,
  attacher: Attacher,
  body: AttachmentBody,
  messageEID: string | null = null,
): Promise<AttachmentFields> {
  if (!namesAttachments(body)) return {};
  const EIDs = ATTACHMENT_LIST_NAMES.flatMap((list) => (body[list] ?? []).map((item) => item.EID));
  const rows = await models.files.FileRecord.find(
    { networkEID: attacher.networkEID, EID: { $in: [...new Set(EIDs.filter(isEid))] } },
    { EID: 1, kind: 1, uploaderEID: 1, messageEID: 1 },
  ).lean<AttachableFile[]>();
  const files = new Map(rows.map((row) => [row.EID, row]));
  return checkedAttachments(body, files, attacher.profileEID, messageEID);
}

/** Claims each of `EIDs` for the message; the first that is not free undoes the claims (400). */
async function claim(
  models: FileStore,
  attacher: Attacher,
  messageEID: string,
  items: readonly { EID: string; pointer: string }[],
): Promise<void> {
  const { networkEID, profileEID } = attacher;
  const taken: string[] = [];
  for (const { EID, pointer } of items) {
    const claimed = await models.files.FileRecord.updateOne(
      { networkEID, EID, uploaderEID: profileEID, messageEID: null },
      { $set: { messageEID } },
    );
    if (claimed.matchedCount === 1) {
      taken.push(EID);
      continue;
    }
    if (taken.length > 0)
      await models.files.FileRecord.updateMany(
        { networkEID, EID: { $in: taken }, messageEID },
        { $set: { messageEID: null } },
      );
    throw new DomainError('FILES_ERR_ATTACHMENT_NOT_FOUND', undefined, [
      { pointer, message: 'is no longer free to attach (attached elsewhere, or deleted)' },
    ]);
  }
  // Attached for good: no longer temporary.
  await models.files.FileRecord.updateMany(
    { networkEID, messageEID, temporarySince: { $ne: null } },
    { $set: { temporarySince: null } },
  );
}

/** After a new message is written: its files are claimed, else the message is undone (400). */
export async function claimAttachments(
  models: FileStore,
  attacher: Attacher,
  message: MessageDoc,
): Promise<void> {
  const items = attachedEIDs(pickStored(message));
  if (items.length === 0) return;
  try {
    await claim(models, attacher, String(message._id), items);
  } catch (error) {
    await models.Message.deleteOne({ _id: message._id, networkEID: attacher.networkEID });
    throw error;
  }
}

/**
 * An edit naming attachment lists: the new files claimed, the dropped ones detached; the message's
 * new stored lists (to `$set`), `{}` when the body names none.
 */
export async function replaceAttachments(
  models: FileStore,
  attacher: Attacher,
  message: MessageDoc,
  body: AttachmentBody,
): Promise<AttachmentFields> {
  const messageEID = String(message._id);
  if (message.type === 'comment' && namesAttachments(body)) {
    const list = ATTACHMENT_LIST_NAMES.find((name) => body[name] !== undefined)!;
    throw fieldProblem(list, 'is not taken for a comment');
  }
  const fields = await attachmentFieldsOf(models, attacher, body, messageEID);
  if (!namesAttachments(body)) return fields;
  const before = new Set(attachedEIDs(pickStored(message)).map((item) => item.EID));
  const after = attachedEIDs({ ...pickStored(message), ...fields });
  await claim(
    models,
    attacher,
    messageEID,
    after.filter((item) => !before.has(item.EID)),
  );
  const kept = new Set(after.map((item) => item.EID));
  const dropped = [...before].filter((EID) => !kept.has(EID));
  if (dropped.length > 0) {
    const filter = { networkEID: attacher.networkEID, EID: { $in: dropped }, messageEID };
    // A file of a folder stays there; one of no folder waits to be attached again, or swept (a
    // network asset, files: branding images, is never temporary).
    await models.files.FileRecord.updateMany(
      { ...filter, groupEID: null, networkAssetSince: null },
      { $set: { messageEID: null, temporarySince: new Date() } },
    );
    await models.files.FileRecord.updateMany(filter, { $set: { messageEID: null } });
  }
  return fields;
}

/**
 * After a message is removed (messages/removal.ts; final, nothing restores it): a file of a group
 * folder is detached and stays in its folder, as when an edit drops it; a file of no folder keeps
 * `messageEID` (so it is attached to nothing else and read by nobody: 404) and gets
 * `temporarySince`, from which the sweep deletes it after FILES_TEMPORARY_TTL_MS (sweep.ts).
 */
export async function releaseAttachments(
  models: FileStore,
  networkEID: string,
  messageEID: string,
  now = new Date(),
): Promise<void> {
  const filter = { networkEID, messageEID };
  await models.files.FileRecord.updateMany(
    { ...filter, groupEID: { $ne: null } },
    { $set: { messageEID: null } },
  );
  await models.files.FileRecord.updateMany({ ...filter, groupEID: null }, { $set: { temporarySince: now } });
}

/** The stored lists of a message. */
function pickStored(message: MessageDoc): AttachmentFields {
  const fields: AttachmentFields = {};
  for (const list of ATTACHMENT_LIST_NAMES) {
    const stored = message[STORED_FIELD[list]];
    if (stored) fields[STORED_FIELD[list]] = [...stored];
  }
  return fields;
}

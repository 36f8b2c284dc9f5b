/**
 * Files (attachments): what a message resource shows of its files. Read-only counts
 * `numImages`, `numVideos`, `numFiles` (of the stored lists), and the file resources under
 * `_embedded.images`, `_embedded.videos`, `_embedded.files` (the gateway adds their links), found
 * for a whole page in one query (index `{networkEID, messageEID}`).
 */
import type { PlainResource } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { ATTACHMENT_LIST_NAMES, STORED_FIELD } from './attachment-rules.js';
import type { FileRecordDoc } from './models.js';
import { presentFile } from './presentation.js';
import type { FileStore } from './models.js';

/** The files attached to the messages of a page, by EID. */
export async function attachedFilesOf(
  models: FileStore,
  caller: Pick<Caller, 'networkEID'>,
  docs: readonly MessageDoc[],
): Promise<ReadonlyMap<string, FileRecordDoc>> {
  const withFiles = docs.filter(
    (doc) => doc.imageEIDs?.length || doc.videoEIDs?.length || doc.fileEIDs?.length,
  );
  if (withFiles.length === 0) return new Map();
  const records = await models.files.FileRecord.find({
    networkEID: caller.networkEID,
    messageEID: { $in: withFiles.map((doc) => String(doc._id)) },
  }).lean<FileRecordDoc[]>();
  return new Map(records.map((record) => [record.EID, record]));
}

/** The counts, and the files embedded by list (only when the message has any). */
export function attachmentResourceFieldsOf(
  doc: MessageDoc,
  files: ReadonlyMap<string, FileRecordDoc>,
): Record<string, unknown> {
  const lists = ATTACHMENT_LIST_NAMES.map((list) => [list, doc[STORED_FIELD[list]] ?? []] as const);
  const counts = {
    numImages: doc.imageEIDs?.length ?? 0,
    numVideos: doc.videoEIDs?.length ?? 0,
    numFiles: doc.fileEIDs?.length ?? 0,
  };
  if (lists.every(([, EIDs]) => EIDs.length === 0)) return counts;
  const embedded: Record<string, PlainResource[]> = {};
  for (const [list, EIDs] of lists) {
    embedded[list] = EIDs.flatMap((EID) => {
      const record = files.get(EID);
      return record && record.messageEID === String(doc._id) ? [presentFile(record)] : [];
    });
  }
  return { ...counts, _embedded: embedded };
}

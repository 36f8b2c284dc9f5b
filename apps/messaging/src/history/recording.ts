/**
 * Edit history, writing: the version an edit replaced is stored after the edit (the message as it
 * was, its maker from the version before), the oldest past the bound dropped; a removed message's
 * versions, and its comments', go with it.
 */
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { MessageDoc } from '../messages/models.js';
import type { HistoryStore } from './models.js';
import { oldestKeptVersion, replacedVersionOf } from './rules.js';

/** Two edits of one message at once may read the same latest version: the loser takes the next. */
const NUMBER_ATTEMPTS = 3;

/** Stores `before` (the message as an edit by `editorEID` at `editedAt` found it) as a version. */
export async function recordVersion(
  models: HistoryStore,
  before: MessageDoc,
  editorEID: string,
  editedAt: Date,
): Promise<void> {
  const key = { networkEID: before.networkEID, messageEID: String(before._id) };
  for (let attempt = 1; ; attempt += 1) {
    const latest = await models.MessageVersion.findOne(key)
      .sort({ version: -1 })
      .select({ version: 1, replacedByEID: 1, edited: 1 })
      .lean<{ version: number; replacedByEID: string; edited: Date }>();
    const replaced = replacedVersionOf(latest, before);
    try {
      await models.MessageVersion.create({
        ...key,
        parentEID: before.parentEID ?? null,
        ...replaced,
        htmlBody: before.htmlBody,
        title: before.title ?? null,
        replacedByEID: editorEID,
        edited: editedAt,
      });
    } catch (error) {
      if (isDuplicateKeyError(error) && attempt < NUMBER_ATTEMPTS) continue;
      throw error;
    }
    await models.MessageVersion.deleteMany({ ...key, version: { $lt: oldestKeptVersion(replaced.version) } });
    return;
  }
}

/** A removed message's versions and those of its comments (removed with it). */
export async function removeHistory(models: HistoryStore, message: MessageDoc): Promise<void> {
  const messageEID = String(message._id);
  await models.MessageVersion.deleteMany({
    $or: [
      { networkEID: message.networkEID, messageEID },
      { networkEID: message.networkEID, parentEID: messageEID },
    ],
  });
}

/**
 * Types, fields and app posting: what a message resource shows of this concern's fields (the file
 * counters read 0 here; files/attachment-presentation.ts sets them from the stored lists).
 */
import type { Caller } from './access.js';
import type { MessageDoc } from './models.js';

/** The resource fields of this concern. */
export function presentTypeFields(doc: MessageDoc) {
  return {
    embeds: (doc.embeds ?? []).map((embed) => ({
      url: embed.url,
      ...(embed.title ? { title: embed.title } : {}),
    })),
    numRecipients: doc.recipientEIDs?.length ?? 0,
    superseded: doc.superseded ?? false,
    headerBackground: doc.headerBackground ?? null,
    ...(doc.type === 'app_update'
      ? { appData: doc.appDataJson ? (JSON.parse(doc.appDataJson) as object) : null }
      : {}),
    parentFolder: doc.parentFolderEID ? { type: 'folder', EID: doc.parentFolderEID } : null,
    numImages: 0,
    numVideos: 0,
    numFiles: 0,
  };
}

/** Private-message recipients on edit: `$excludedRecipients`, on a private message, its author only. */
export function excludedRecipientsFor(doc: MessageDoc, caller: Caller) {
  return doc.type === 'private_message' && doc.authorEID === caller.profileEID
    ? { $excludedRecipients: (doc.excludedRecipientEIDs ?? []).map((EID) => ({ type: 'user', EID })) }
    : {};
}

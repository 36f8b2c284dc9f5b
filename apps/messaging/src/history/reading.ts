/**
 * Edit history, reading: `GET …/messages/{messageEID}/history/`, the earlier versions newest first,
 * to whoever may read the message (else the same 404 as reading it).
 */
import { toTimestamp, type PlainCollection } from '@ncs/contracts';
import { pageOf, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { userRef } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import type { HistoryStore, MessageVersionDoc } from './models.js';

export async function listMessageHistory(
  models: HistoryStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  page: Page,
): Promise<PlainCollection> {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  const messageRef = { type: message.type, EID: messageEID };
  return pageOf(
    models.MessageVersion,
    { filter: { networkEID: caller.networkEID, messageEID }, sort: { version: -1 } },
    page,
    { itemType: 'message_version', rel: 'versions' },
    (docs) =>
      docs.map((doc: MessageVersionDoc) => ({
        type: 'message_version',
        EID: String(doc._id),
        message: messageRef,
        version: doc.version,
        htmlBody: doc.htmlBody,
        ...(doc.title != null ? { title: doc.title } : {}),
        editor: userRef(doc.editorEID),
        created: toTimestamp(doc.created),
        edited: toTimestamp(doc.edited),
      })),
  );
}

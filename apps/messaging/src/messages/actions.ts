/**
 * Message actions: `read` and the readers. Marking read is idempotent through the unique index
 * of `message_reads`; the first read of a person increments `numReaders` and records
 * `events.messaging.message.read`.
 */
import type { PlainCollection } from '@ncs/contracts';
import { isDuplicateKeyError, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from './access.js';
import { messageSummary, userRef } from './presentation.js';
import { findReadableMessage, pageOfPeople } from './reading.js';
import { reread, type WriteDeps } from './writing.js';
import { messageAudience } from './audience.js';
import type { CoreStore } from './features.js';

/** Marks a message read for the caller; reading it again changes nothing (no second event). */
export async function markRead({ models, rpc, outbox }: WriteDeps, caller: Caller, messageEID: string) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  try {
    await models.Read.create({ networkEID: caller.networkEID, messageEID, profileEID: caller.profileEID });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return reread(models, caller, message);
  }
  await models.Message.updateOne(
    { _id: message._id, networkEID: caller.networkEID },
    { $inc: { numReaders: 1 } },
  );
  await outbox.record('messaging.message.read', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: messageAudience(message),
    data: { message: messageSummary(message), reader: userRef(caller.profileEID) },
  });
  return reread(models, caller, message);
}

/** Who marked a message read, most recent first (index `{networkEID, messageEID, created, _id}`). */
export async function listReaders(
  models: CoreStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  page: Page,
): Promise<PlainCollection> {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  return pageOfPeople(models.Read, caller, message, page, { itemType: 'reader', rel: 'readers' });
}

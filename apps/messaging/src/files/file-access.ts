/**
 * Files: who reads a file. A network asset (an image a theme or the network's branding
 * names, assets.ts): every member of its network (the gateway lets only members reach the network's
 * paths). A temporary file (attached to nothing yet): its uploader
 * only. A file attached to a message: whoever reads the message (a file of a group folder also
 * whoever reads the group). A file of a group folder: whoever reads the group. Anyone else: 404.
 */
import { DomainError } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { findReadableMessage } from '../messages/reading.js';
import { readableGroup } from './access.js';
import type { FileRecordDoc } from './models.js';
import type { FileStore } from './models.js';

const notFound = () => new DomainError('FILES_ERR_FILE_NOT_FOUND');

/** Whether a check passes: a 404 of it is no, any other failure is thrown on. */
async function passes(check: Promise<unknown>): Promise<boolean> {
  try {
    await check;
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return false;
    throw error;
  }
}

/** Whether `caller` may read through the message (404 of the message: no). */
const readsMessage = (models: FileStore, rpc: RpcClient, caller: Caller, messageEID: string) =>
  passes(findReadableMessage(models, rpc, caller, messageEID));

export async function requireFileReader(
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  record: Pick<FileRecordDoc, 'messageEID' | 'groupEID' | 'uploaderEID'> &
    Partial<Pick<FileRecordDoc, 'networkAssetSince'>>,
): Promise<void> {
  if (record.networkAssetSince) return; // Files: branding images are network assets.
  if (record.messageEID && (await readsMessage(models, rpc, caller, record.messageEID))) return;
  if (record.groupEID) {
    await readableGroup(rpc, caller, record.groupEID, 'FILES_ERR_FILE_NOT_FOUND');
    return;
  }
  // Attached to a message the caller does not read, or temporary and someone else's.
  if (record.messageEID || record.uploaderEID !== caller.profileEID) throw notFound();
}

/** Whether `caller` may read the file now (requireFileReader's 404: no). */
export const mayReadFile = (
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  record: Parameters<typeof requireFileReader>[3],
) => passes(requireFileReader(models, rpc, caller, record));

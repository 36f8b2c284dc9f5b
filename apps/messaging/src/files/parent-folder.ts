/**
 * Files: a message's `parentFolder`, checked before the message is written as its attachments are:
 * a folder of the caller's network (a stored folder, or a group's root folder) in a group whose
 * content the caller may read. Anything else (unknown, another network's, a group the caller may
 * not see or only looks at from outside) is the same 404 naming `/body/parentFolder`, so the answer
 * reveals nothing about folders the caller cannot read.
 */
import { DomainError } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { MessagingModels } from '../messages/models.js';
import { mayReadMessageOf } from '../messages/rules.js';
import { placeOfFolder } from './access.js';

/** The stored `parentFolderEID` of a new message (null when the body names none), checked. */
export async function parentFolderFieldsOf(
  models: MessagingModels,
  rpc: RpcClient,
  caller: Caller,
  body: { readonly parentFolder?: { readonly EID: string } },
): Promise<{ parentFolderEID: string | null }> {
  if (body.parentFolder === undefined) return { parentFolderEID: null };
  const place = await placeOfFolder(models, caller.networkEID, body.parentFolder.EID);
  const access = await accessOf(rpc, caller, [place.groupEID]);
  if (!mayReadMessageOf(access, place.groupEID))
    throw new DomainError('FILES_ERR_FOLDER_NOT_FOUND', undefined, [
      { pointer: '/body/parentFolder', message: 'is not a folder you may read in this network' },
    ]);
  return { parentFolderEID: place.folderEID };
}

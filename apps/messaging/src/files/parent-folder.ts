/**
 * Files: a message's `parentFolder`, checked before the message is written as its attachments are:
 * a folder of the caller's network (a stored folder, or a group's root folder) in a group whose
 * content the caller may read. Anything else (unknown, another network's, a group the caller may
 * not see or only looks at from outside) is the same 404 naming `/body/parentFolder`, so the answer
 * reveals nothing about folders the caller cannot read.
 */
import { DomainError, type CallerGroupAccess } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import { mayReadMessageOf } from '../messages/rules.js';
import { placeOfFolder } from './access.js';
import type { FileStore } from './models.js';

type FolderBody = { readonly parentFolder?: { readonly EID: string } };

/** The group of the folder a new message names, whose access the post asks for with its own. */
export async function groupOfParentFolder(models: FileStore, caller: Caller, body: FolderBody) {
  if (body.parentFolder === undefined) return [];
  return [(await placeOfFolder(models, caller.networkEID, body.parentFolder.EID)).groupEID];
}

/** The stored `parentFolderEID` of a new message (null when the body names none), checked. */
export async function parentFolderFieldsOf(
  models: FileStore,
  caller: Caller,
  access: CallerGroupAccess,
  body: FolderBody,
): Promise<{ parentFolderEID: string | null }> {
  if (body.parentFolder === undefined) return { parentFolderEID: null };
  const place = await placeOfFolder(models, caller.networkEID, body.parentFolder.EID);
  if (!mayReadMessageOf(access, place.groupEID))
    throw new DomainError('FILES_ERR_FOLDER_NOT_FOUND', undefined, [
      { pointer: '/body/parentFolder', message: 'is not a folder you may read in this network' },
    ]);
  return { parentFolderEID: place.folderEID };
}

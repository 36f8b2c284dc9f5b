/**
 * Files and folders: who may read and write where a file lives. A group's files follow
 * its content: reading needs `view_group_timeline` (a group the caller may not see, or only look at
 * from outside, is 404: nothing is revealed); writing needs `add_edit_files` or `manage_files`
 * (403 for a reader without them). Auth answers the caller's standing (`groupAccess`).
 */
import { DomainError, groupOfRootFolder, type GroupAccess } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import { visibleGroup } from '../messages/rules.js';
import type { FolderDoc } from './models.js';
import type { FileStore } from './models.js';

/** Where a folder is: its group (the root folder's EID derives from the group's). */
export interface FolderPlace {
  readonly folderEID: string;
  readonly groupEID: string;
}

/** A stored folder's group, else the group whose root folder it is (that group may not exist). */
export async function placeOfFolder(
  models: FileStore,
  networkEID: string,
  folderEID: string,
): Promise<FolderPlace & { readonly folder: FolderDoc | null }> {
  const folder = await models.files.Folder.findOne({ networkEID, EID: folderEID }).lean();
  return { folderEID, groupEID: folder ? folder.groupEID : groupOfRootFolder(folderEID), folder };
}

/** The caller's standing in a group whose content they may read, else `notFound`. */
export async function readableGroup(
  rpc: RpcClient,
  caller: Caller,
  groupEID: string,
  notFound: 'FILES_ERR_FILE_NOT_FOUND' | 'FILES_ERR_FOLDER_NOT_FOUND',
): Promise<GroupAccess> {
  const access = await accessOf(rpc, caller, [groupEID]);
  const group = visibleGroup(access, groupEID);
  if (!group || !group.permissions.includes('view_group_timeline')) throw new DomainError(notFound);
  return group;
}

/** The permissions that let a person add files to a group's folders. */
export const FILE_WRITE_PERMISSIONS = ['add_edit_files', 'manage_files'] as const;

/** The permissions that let a person create, rename, move and delete a group's folders. */
export const FOLDER_WRITE_PERMISSIONS = ['add_edit_folders', 'manage_files'] as const;

/**
 * Changing a folder's content: 404 for a folder the caller may not read, 403 without one of
 * `permissions` (adding files: FILE_WRITE_PERMISSIONS).
 */
export async function requireFolderWriter(
  rpc: RpcClient,
  caller: Caller,
  place: FolderPlace,
  permissions: readonly string[] = FILE_WRITE_PERMISSIONS,
): Promise<void> {
  const group = await readableGroup(rpc, caller, place.groupEID, 'FILES_ERR_FOLDER_NOT_FOUND');
  if (!permissions.some((name) => group.permissions.includes(name)))
    throw new DomainError(
      'FILES_ERR_FORBIDDEN',
      `This needs one of the group permissions ${permissions.join(', ')}.`,
    );
}

/**
 * Folders: a group's folders under its root folder. Reading needs what reading the
 * group's files needs; creating, renaming, moving and deleting need `add_edit_folders` or
 * `manage_files`. A move never puts a folder into itself or below it (its new parent's ancestors
 * are walked, at most MAX_DEPTH of them); a folder is deleted only when empty (409 otherwise).
 */
import { Types } from 'mongoose';
import { DomainError, rootFolderOf, toTimestamp, type PlainCollection } from '@ncs/contracts';
import { collectionOf, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { FOLDER_WRITE_PERMISSIONS, placeOfFolder, readableGroup, requireFolderWriter } from './access.js';
import type { FolderDoc } from './models.js';
import type { FileStore } from './models.js';

/** The deepest a folder may sit below its root (and the longest ancestor walk of a move). */
export const MAX_DEPTH = 32;

function present(groupEID: string, folder: FolderDoc | null, folderEID: string) {
  const root = rootFolderOf(groupEID);
  return {
    type: 'folder',
    EID: folderEID,
    name: folder ? folder.name : '',
    group: { type: 'group', EID: groupEID },
    parentFolder: folder ? { type: 'folder', EID: folder.parentEID } : null,
    root: folder === null && folderEID === root,
    created: folder ? toTimestamp(folder.created) : null,
  };
}

async function readableFolder(models: FileStore, rpc: RpcClient, caller: Caller, folderEID: string) {
  const place = await placeOfFolder(models, caller.networkEID, folderEID);
  await readableGroup(rpc, caller, place.groupEID, 'FILES_ERR_FOLDER_NOT_FOUND');
  return place;
}

async function writableFolder(models: FileStore, rpc: RpcClient, caller: Caller, folderEID: string) {
  const place = await placeOfFolder(models, caller.networkEID, folderEID);
  await requireFolderWriter(rpc, caller, place, FOLDER_WRITE_PERMISSIONS);
  return place;
}

export async function getFolder(models: FileStore, rpc: RpcClient, caller: Caller, folderEID: string) {
  const place = await readableFolder(models, rpc, caller, folderEID);
  return present(place.groupEID, place.folder, folderEID);
}

export async function listFolders(
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  folderEID: string,
  page: Page,
): Promise<PlainCollection> {
  const place = await readableFolder(models, rpc, caller, folderEID);
  const filter = { networkEID: caller.networkEID, parentEID: folderEID };
  const [folders, total] = await Promise.all([
    models.files.Folder.find(filter).sort({ name: 1, _id: 1 }).skip(page.offset).limit(page.limit).lean(),
    models.files.Folder.countDocuments(filter),
  ]);
  const items = folders.map((folder) => present(place.groupEID, folder, folder.EID));
  return collectionOf({ itemType: 'folder', rel: 'folders' }, page, total, items);
}

/** How deep a folder sits (the root: 0), walking up; null once past MAX_DEPTH. */
async function ancestorsOf(models: FileStore, networkEID: string, folder: FolderDoc | null) {
  const chain: string[] = [];
  let current = folder;
  while (current) {
    chain.push(current.EID);
    if (chain.length > MAX_DEPTH) return null;
    current = await models.files.Folder.findOne({ networkEID, EID: current.parentEID }).lean();
  }
  return chain;
}

export async function createFolder(
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  parentEID: string,
  name: string,
) {
  const place = await writableFolder(models, rpc, caller, parentEID);
  const chain = await ancestorsOf(models, caller.networkEID, place.folder);
  if (chain === null || chain.length >= MAX_DEPTH)
    throw new DomainError('FILES_ERR_FOLDER_MOVE', `Folders nest at most ${MAX_DEPTH} deep.`);
  const folder = await models.files.Folder.create({
    networkEID: caller.networkEID,
    EID: new Types.ObjectId().toHexString(),
    groupEID: place.groupEID,
    parentEID,
    name: name.trim(),
  });
  return present(place.groupEID, folder.toObject(), folder.EID);
}

function storedFolder(place: { readonly folder: FolderDoc | null }): FolderDoc {
  if (!place.folder) throw new DomainError('FILES_ERR_ROOT_FOLDER');
  return place.folder;
}

export async function updateFolder(
  models: FileStore,
  rpc: RpcClient,
  caller: Caller,
  folderEID: string,
  body: { readonly name?: string; readonly parentFolder?: { readonly EID: string } },
) {
  const networkEID = caller.networkEID;
  const place = await writableFolder(models, rpc, caller, folderEID);
  const folder = storedFolder(place);
  const set: Record<string, string> = {};
  if (body.name !== undefined) set.name = body.name.trim();
  if (body.parentFolder !== undefined && body.parentFolder.EID !== folder.parentEID) {
    const target = await placeOfFolder(models, networkEID, body.parentFolder.EID);
    if (target.groupEID !== folder.groupEID)
      throw new DomainError('FILES_ERR_FOLDER_MOVE', 'parentFolder is not a folder of the same group.', [
        { pointer: '/body/parentFolder', message: 'must be a folder of the same group' },
      ]);
    const chain = await ancestorsOf(models, networkEID, target.folder);
    if (chain === null || chain.includes(folderEID))
      throw new DomainError('FILES_ERR_FOLDER_MOVE', 'A folder cannot move into itself or below it.', [
        { pointer: '/body/parentFolder', message: 'is the folder itself or inside it' },
      ]);
    set.parentEID = body.parentFolder.EID;
  }
  const updated = await models.files.Folder.findOneAndUpdate(
    { networkEID, EID: folderEID },
    { $set: set },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new DomainError('FILES_ERR_FOLDER_NOT_FOUND');
  return present(place.groupEID, updated, folderEID);
}

export async function deleteFolder(models: FileStore, rpc: RpcClient, caller: Caller, folderEID: string) {
  const networkEID = caller.networkEID;
  const place = await writableFolder(models, rpc, caller, folderEID);
  storedFolder(place);
  const [child, file] = await Promise.all([
    models.files.Folder.findOne({ networkEID, parentEID: folderEID }, { _id: 1 }).lean(),
    models.files.FileRecord.findOne({ networkEID, folderEID }, { _id: 1 }).lean(),
  ]);
  if (child || file) throw new DomainError('FILES_ERR_FOLDER_NOT_EMPTY');
  await models.files.Folder.deleteOne({ networkEID, EID: folderEID });
}

/**
 * Files: temporary uploads and app uploads. A temporary upload
 * (`POST /networks/{networkEID}/files/`) lives in no folder: only its uploader sees it, to attach it
 * to a message being written (attachments.ts); not attached within `FILES_TEMPORARY_TTL_MS` it is
 * swept (sweep.ts). An app's token uploads with its installation's permissions, read from auth's
 * store at the time of the request (`groupAccess` answers an app with `app.permissions`):
 * `upload_files` for a temporary upload, `upload_into_folders` for a folder of any group the app
 * sees (a hidden group only with `post_to_any_group`); without it 403 -396.
 */
import { Types } from 'mongoose';
import {
  DomainError,
  internalSubjects,
  type CallerGroupAccess,
  type FileKind,
  type FileUploadBegin,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import { appOf } from '../messages/app-posting.js';
import { placeOfFolder } from './access.js';
import type { FileUploadDoc } from './models.js';
import type { FileStore } from './models.js';

export const UPLOAD_FILES = 'upload_files';
export const UPLOAD_INTO_FOLDERS = 'upload_into_folders';

/** Who uploads: a person, or an app with its permissions in the network now. */
interface Uploader {
  readonly networkEID: string;
  readonly uploaderEID: string;
  readonly uploaderType: 'user' | 'app';
}

function groupAccess(rpc: RpcClient, ctx: RequestContext, EIDs: readonly string[]) {
  return rpc.request(internalSubjects.groupAccess, { ctx, body: { EIDs } });
}

/** An app's standing: 403 -396 without `permission`. */
export function requireAppPermission(access: CallerGroupAccess, permission: string): void {
  if (!access.app?.permissions.includes(permission))
    throw new DomainError(
      'FILES_ERR_APP_PERMISSION',
      `The app needs the permission ${permission} to upload ${permission === UPLOAD_FILES ? 'files' : 'into folders'}.`,
    );
}

async function newUpload(
  models: FileStore,
  uploader: Uploader,
  kind: FileKind,
  place: { readonly folderEID?: string; readonly groupEID?: string; readonly temporary?: boolean },
): Promise<FileUploadBegin> {
  const uploadId = new Types.ObjectId().toHexString();
  await new models.files.FileUpload({ ...uploader, uploadId, kind, ...place }).save();
  return { uploadId, kind };
}

/** `file.uploadTemporary`: a person's, or an app's with `upload_files`. */
export async function beginTemporaryUpload(
  models: FileStore,
  rpc: RpcClient,
  ctx: RequestContext,
  kind: FileKind,
): Promise<FileUploadBegin> {
  const app = appOf(ctx);
  let uploader: Uploader;
  if (app) {
    requireAppPermission(await groupAccess(rpc, ctx, []), UPLOAD_FILES);
    uploader = { networkEID: app.networkEID, uploaderEID: app.appEID, uploaderType: 'app' };
  } else {
    const caller = callerOf(ctx);
    uploader = { networkEID: caller.networkEID, uploaderEID: caller.profileEID, uploaderType: 'user' };
  }
  return newUpload(models, uploader, kind, { temporary: true });
}

/** `file.upload` by an app's token: `upload_into_folders`, a folder of a group the app sees. */
export async function beginAppFolderUpload(
  models: FileStore,
  rpc: RpcClient,
  ctx: RequestContext,
  app: { networkEID: string; appEID: string },
  folderEID: string,
  kind: FileKind,
): Promise<FileUploadBegin> {
  const place = await placeOfFolder(models, app.networkEID, folderEID);
  const access = await groupAccess(rpc, ctx, [place.groupEID]);
  if (!access.groups.some((group) => group.EID === place.groupEID))
    throw new DomainError('FILES_ERR_FOLDER_NOT_FOUND');
  requireAppPermission(access, UPLOAD_INTO_FOLDERS);
  const uploader: Uploader = { networkEID: app.networkEID, uploaderEID: app.appEID, uploaderType: 'app' };
  return newUpload(models, uploader, kind, { folderEID: place.folderEID, groupEID: place.groupEID });
}

/** The file record's fields of this concern, from its finished upload. */
export function finishedFieldsOf(upload: Pick<FileUploadDoc, 'temporary' | 'uploaderType'>) {
  return {
    temporarySince: upload.temporary ? new Date() : null,
    uploaderType: upload.uploaderType ?? 'user',
  };
}

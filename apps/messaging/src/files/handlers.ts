/**
 * Files and folders: handlers of the routes (contracts `filesRoutes`) and of the
 * gateway's internal subjects of the streamed upload and download.
 */
import { DomainError, filesRoutes, internalSubjects, type RequestContext } from '@ncs/contracts';
import {
  defineHandlers,
  internalHandler,
  internalHandlerMap,
  withStatus,
  type RpcClient,
  type RpcHandler,
} from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { createFolder, deleteFolder, getFolder, listFolders, updateFolder } from './folders.js';
import { downloadInfo, getFile, readBytes } from './reading.js';
import { abortUpload, beginUpload, finishUpload, storeChunk } from './upload.js';
// Files: attachments and temporary uploads.
import { appOf } from '../messages/app-posting.js';
import { beginAppFolderUpload, beginTemporaryUpload } from './temporary.js';
// Files: branding images are network assets.
import { adoptAssets } from './assets.js';
import type { FileStore } from './models.js';

export const fileHandlers = defineHandlers<WriteDeps<FileStore>>()(filesRoutes, {
  'file.upload': ({ ctx, params, query }, { models, rpc }) => {
    // Files: an app's token uploads with `upload_into_folders` (temporary.ts).
    const app = appOf(ctx);
    if (app) return beginAppFolderUpload(models, rpc, ctx, app, params.folderEID, query.kind ?? 'file');
    return beginUpload(models, rpc, callerOf(ctx), params.folderEID, query.kind ?? 'file');
  },
  'file.get': ({ ctx, params }, { models, rpc }) => getFile(models, rpc, callerOf(ctx), params.fileEID),
  'file.download': ({ ctx, params }, { models, rpc }) =>
    downloadInfo(models, rpc, callerOf(ctx), params.fileEID),
  // Folders.
  'folder.get': ({ ctx, params }, { models, rpc }) => getFolder(models, rpc, callerOf(ctx), params.folderEID),
  'folder.list': ({ ctx, params, query }, { models, rpc }) =>
    listFolders(models, rpc, callerOf(ctx), params.folderEID, query),
  'folder.create': async ({ ctx, params, body }, { models, rpc }) =>
    withStatus(201, await createFolder(models, rpc, callerOf(ctx), params.folderEID, body.name)),
  'folder.update': ({ ctx, params, body }, { models, rpc }) =>
    updateFolder(models, rpc, callerOf(ctx), params.folderEID, body),
  'folder.delete': async ({ ctx, params }, { models, rpc }) => {
    await deleteFolder(models, rpc, callerOf(ctx), params.folderEID);
    return withStatus(204, null);
  },
  // Files: attachments and temporary uploads.
  'file.uploadTemporary': ({ ctx, query }, { models, rpc }) =>
    beginTemporaryUpload(models, rpc, ctx, query.kind ?? 'file'),
});

function networkOf(ctx: RequestContext): string {
  if (!ctx.networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
  return ctx.networkEID;
}

/** Internal subjects of files, by subject (the gateway's streaming steps). */
export function fileInternalHandlers(models: FileStore, rpc?: RpcClient): Record<string, RpcHandler> {
  return internalHandlerMap([
    // Files: branding images are network assets (auth, before a theme or network write).
    internalHandler(internalSubjects.fileAdoptAssets, ({ ctx, body }) =>
      rpc ? adoptAssets(models, rpc, ctx, body) : Promise.reject(new DomainError('SERVICE_UNAVAILABLE')),
    ),
    internalHandler(internalSubjects.fileChunk, ({ ctx, body }) => storeChunk(models, networkOf(ctx), body)),
    internalHandler(internalSubjects.fileFinish, ({ ctx, body }) =>
      finishUpload(models, networkOf(ctx), body, ctx.version),
    ),
    internalHandler(internalSubjects.fileAbort, ({ ctx, body }) =>
      abortUpload(models, networkOf(ctx), body.uploadId),
    ),
    internalHandler(internalSubjects.fileRead, ({ ctx, body }) => readBytes(models, networkOf(ctx), body)),
  ]);
}

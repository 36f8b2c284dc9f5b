/**
 * Routes of files and folders. The upload (`format: 'upload'`) and the download
 * (`format: 'file'`) are streamed by the gateway (apps/gateway/src/files/): the owner answers the
 * route's request first (permission, where the file goes or what it is), then the bytes travel in
 * small NATS messages. Rules: docs/decisions.md, "Files and folders".
 */
import { Type } from '@sinclair/typebox';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams, NoContent } from '../core/schemas.js';
import {
  FolderCollection,
  FolderCreateBody,
  FolderListQuery,
  FolderResource,
  FolderUpdateBody,
} from './folder-resources.js';
import { FileParams, FileResource, FileUploadBody, FileUploadQuery, FolderParams } from './resources.js';

const common = { service: 'messaging', tag: 'Files', scope: 'network', format: 'hal' } as const;
const FILE = '/networks/{networkEID}/files/{fileEID}';
const FOLDER = '/networks/{networkEID}/folders/{folderEID}';

export const filesRoutes = [
  route({
    ...common,
    format: 'upload',
    id: 'file.upload',
    method: 'POST',
    path: '/networks/{networkEID}/folders/{folderEID}/files/',
    bodyMediaType: 'multipart/form-data',
    summary:
      "Upload a file into a group's folder (multipart part `file`, streamed): needs the group permission `add_edit_files` (apps: `upload_into_folders`); 413 above the kind's limit",
    params: FolderParams,
    query: FileUploadQuery,
    body: FileUploadBody,
    reply: { status: 201, schema: FileResource },
  }),
  route({
    ...common,
    id: 'file.get',
    method: 'GET',
    path: `${FILE}/`,
    summary: "A file's metadata (who may view where it lives)",
    params: FileParams,
    reply: { status: 200, schema: FileResource },
  }),
  route({
    ...common,
    format: 'file',
    id: 'file.download',
    method: 'GET',
    path: `${FILE}/download`,
    summary: "A file's bytes, streamed: `ETag`, `Range` (206, 416 outside the file), `If-None-Match` (304)",
    params: FileParams,
    reply: { status: 200, schema: Type.String({ format: 'binary', description: "The file's bytes" }) },
  }),
  // Folders.
  route({
    ...common,
    id: 'folder.get',
    method: 'GET',
    path: `${FOLDER}/`,
    summary: "A folder (a group's root folder too) for who may read the group's content",
    params: FolderParams,
    reply: { status: 200, schema: FolderResource },
  }),
  route({
    ...common,
    id: 'folder.list',
    method: 'GET',
    path: `${FOLDER}/folders/`,
    summary: 'The folders inside a folder, by name',
    params: FolderParams,
    query: FolderListQuery,
    reply: { status: 200, schema: FolderCollection },
  }),
  route({
    ...common,
    id: 'folder.create',
    method: 'POST',
    path: `${FOLDER}/folders/`,
    summary:
      'Create a folder inside a folder: needs the group permission `add_edit_folders` or `manage_files`',
    params: FolderParams,
    body: FolderCreateBody,
    reply: { status: 201, schema: FolderResource },
  }),
  route({
    ...common,
    id: 'folder.update',
    method: 'PATCH',
    path: `${FOLDER}/`,
    summary:
      'Rename a folder or move it into another folder of its group (409 for a move into itself or below it, and for the root folder)',
    params: FolderParams,
    body: FolderUpdateBody,
    reply: { status: 200, schema: FolderResource },
  }),
  route({
    ...common,
    id: 'folder.delete',
    method: 'DELETE',
    path: `${FOLDER}/`,
    summary: 'Delete an empty folder (409 while it holds files or folders, and for the root folder)',
    params: FolderParams,
    reply: { status: 204, schema: NoContent },
  }),
  // Files: attachments and temporary uploads.
  route({
    ...common,
    format: 'upload',
    id: 'file.uploadTemporary',
    method: 'POST',
    path: '/networks/{networkEID}/files/',
    bodyMediaType: 'multipart/form-data',
    summary:
      'Upload a temporary file to attach to a message being written (multipart part `file`, streamed): only its uploader sees it; deleted unless attached within a day (apps: `upload_files`)',
    params: NetworkParams,
    query: FileUploadQuery,
    body: FileUploadBody,
    reply: { status: 201, schema: FileResource },
  }),
] as const satisfies readonly RouteDefinition[];

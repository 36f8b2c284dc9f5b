/** Files and folders: uploads and downloads over HTTP, as a client sends them. */
import { rootFolderOf } from '@ncs/contracts';
import { baseUrl, mediaType, type ApiResponse } from '../api.js';
import { newNetwork, type TestNetwork, type TestPerson } from './core.js';
import { addMember, newGroup } from './groups.js';

export { rootFolderOf };

export const filePath = (networkEID: string, fileEID: string, rest = '') =>
  `/networks/${networkEID}/files/${fileEID}/${rest}`;
export const folderFilesPath = (networkEID: string, folderEID: string) =>
  `/networks/${networkEID}/folders/${folderEID}/files/`;

export interface FileBody {
  type: 'file';
  EID: string;
  name: string;
  size: number;
  contentType: string;
  kind: string;
  uploader: { type: string; EID: string };
  group: { type: string; EID: string } | null;
  folder: { type: string; EID: string } | null;
  ETag: string;
  created: string;
  _links: Record<string, { href: string } | undefined>;
}

/** The smallest PNG (1x1), and a few bytes of another kind. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function parse<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

/** POSTs a multipart body with one part (`field`, default `file`) holding `bytes`. */
export async function upload(
  path: string,
  token: string,
  bytes: Buffer,
  options: { kind?: string; filename?: string; field?: string; partType?: string } = {},
): Promise<ApiResponse<FileBody>> {
  const form = new FormData();
  const blob = new Blob([bytes], { type: options.partType ?? 'application/octet-stream' });
  form.append(options.field ?? 'file', blob, options.filename ?? 'upload.bin');
  const query = options.kind ? `?kind=${options.kind}` : '';
  const response = await fetch(`${baseUrl()}${path}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: mediaType() },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  return parse<FileBody>(response);
}

/** Uploads into a group's root folder; throws unless 201. */
export async function newFile(
  networkEID: string,
  groupEID: string,
  token: string,
  bytes: Buffer = PNG_1X1,
  options: { kind?: string; filename?: string } = {},
): Promise<FileBody> {
  const response = await upload(folderFilesPath(networkEID, rootFolderOf(groupEID)), token, bytes, {
    kind: 'image',
    filename: 'pixel.png',
    ...options,
  });
  if (response.status !== 201) throw new Error(`file: ${response.status} ${response.text}`);
  return response.body;
}

/** GETs the bytes of a file (with optional headers); the body as bytes. */
export async function download(
  networkEID: string,
  fileEID: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${baseUrl()}${filePath(networkEID, fileEID, 'download')}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export const folderPath = (networkEID: string, folderEID: string, rest = '') =>
  `/networks/${networkEID}/folders/${folderEID}/${rest}`;

export interface FolderBody {
  type: 'folder';
  EID: string;
  name: string;
  root: boolean;
  group: { type: string; EID: string };
  parentFolder: { type: string; EID: string } | null;
  _links: Record<string, { href: string } | undefined>;
}

// Files (media): the same reading of an answer for uploads in another API version.
export { parse as parseResponse };

/**
 * The scene of the file tests: a network, its admin, a member of a visible group and of a hidden
 * group (both made by the admin), and an outsider who is a member of the network only.
 */
export interface FilesScene {
  readonly network: TestNetwork;
  readonly adminToken: string;
  readonly member: TestPerson;
  readonly memberToken: string;
  readonly outsiderToken: string;
  readonly groupEID: string;
  readonly hiddenEID: string;
}

export async function filesScene(name: string): Promise<FilesScene> {
  const network = await newNetwork(name);
  const adminToken = await network.admin.token();
  const [member, outsider] = await Promise.all([network.newMember(), network.newMember()]);
  const [memberToken, outsiderToken] = await Promise.all([member.token(), outsider.token()]);
  const [group, hidden] = await Promise.all([
    newGroup(network.networkEID, adminToken),
    newGroup(network.networkEID, adminToken, { hidden: true }),
  ]);
  await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
  await addMember(network.networkEID, hidden.EID, adminToken, member.profileEID);
  return {
    network,
    adminToken,
    member,
    memberToken,
    outsiderToken,
    groupEID: group.EID,
    hiddenEID: hidden.EID,
  };
}

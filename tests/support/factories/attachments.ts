/** Files: attachments and temporary uploads, as a client sends them. */
import { call, type ApiResponse } from '../api.js';
import { PNG_1X1, upload, type FileBody } from './files.js';
import { messagesPath, type MessageBody } from './messages.js';

export const temporaryFilesPath = (networkEID: string) => `/networks/${networkEID}/files/`;

/** A temporary upload (`POST /networks/{networkEID}/files/`), as `token`. */
export function uploadTemporary(
  networkEID: string,
  token: string,
  bytes: Buffer = PNG_1X1,
  options: { kind?: string; filename?: string } = {},
): Promise<ApiResponse<FileBody & { temporary?: boolean; message?: unknown }>> {
  return upload(temporaryFilesPath(networkEID), token, bytes, {
    kind: options.kind ?? 'image',
    filename: options.filename ?? 'pixel.png',
  });
}

/** A temporary upload; throws unless 201. */
export async function newTemporaryFile(
  networkEID: string,
  token: string,
  bytes: Buffer = PNG_1X1,
  options: { kind?: string; filename?: string } = {},
): Promise<FileBody & { temporary?: boolean }> {
  const answer = await uploadTemporary(networkEID, token, bytes, options);
  if (answer.status !== 201) throw new Error(`temporary file: ${answer.status} ${answer.text}`);
  return answer.body;
}

export const fileRef = (EID: string) => ({ type: 'file', EID });

/** Posts a message with attachments (and any other fields) as `token`. */
export function postWithFiles(
  networkEID: string,
  token: string,
  fields: Record<string, unknown>,
): Promise<ApiResponse<MessageBody>> {
  return call<MessageBody>(messagesPath(networkEID), {
    token,
    json: { type: 'update', htmlBody: '<p>With files</p>', ...fields },
  });
}

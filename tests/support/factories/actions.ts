/**
 * Message actions factories: an action over HTTP and the paths of
 * the readers, the edit and the timelines a removed message leaves.
 */
import { call, type ApiResponse } from '../api.js';
import { messagesPath, type MessageBody } from './messages.js';

export const actionPath = (networkEID: string, messageEID: string, verb: string) =>
  messagesPath(networkEID, `${messageEID}/${verb}`);

/** `POST …/messages/{messageEID}/{verb}` (no body) as `token`. */
export function act(
  networkEID: string,
  messageEID: string,
  verb: string,
  token: string,
): Promise<ApiResponse<MessageBody>> {
  return call<MessageBody>(actionPath(networkEID, messageEID, verb), { method: 'POST', token });
}

/** `PUT …/messages/{messageEID}/` as `token`. */
export function editAs(
  networkEID: string,
  messageEID: string,
  token: string,
  json: Record<string, unknown>,
): Promise<ApiResponse<MessageBody>> {
  return call<MessageBody>(messagesPath(networkEID, `${messageEID}/`), { method: 'PUT', token, json });
}

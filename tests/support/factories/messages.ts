/**
 * Messaging factories: updates and comments posted over HTTP as a given caller, and paths.
 */
import { call } from '../api.js';
import { uniqueSuffix } from './core.js';

export const messagesPath = (networkEID: string, rest = '') => `/networks/${networkEID}/messages/${rest}`;
export const timelinePath = (networkEID: string) => `/networks/${networkEID}/timeline/`;
export const groupTimelinePath = (networkEID: string, groupEID: string) =>
  `/networks/${networkEID}/groups/${groupEID}/timeline/`;

export interface MessageBody {
  type: string;
  EID: string;
  author: { type: string; EID: string };
  htmlBody: string;
  group: { type: string; EID: string } | null;
  parent: { type: string; EID: string } | null;
  reactable: boolean;
  locked: boolean;
  numComments: number;
  numLikes: number;
  _user: { liked: boolean };
  _links: Record<string, { href: string }>;
  code?: number;
  errors?: { pointer: string; message: string }[];
  [field: string]: unknown;
}

/** Posts an update over HTTP as `token` (to `groupEID`'s timeline when given); throws unless 201. */
export async function newMessage(
  networkEID: string,
  token: string,
  fields: { htmlBody?: string; groupEID?: string } = {},
): Promise<MessageBody> {
  const response = await call<MessageBody>(messagesPath(networkEID), {
    token,
    json: {
      type: 'update',
      htmlBody: fields.htmlBody ?? `<p>Update ${uniqueSuffix()}</p>`,
      ...(fields.groupEID ? { group: { type: 'group', EID: fields.groupEID } } : {}),
    },
  });
  if (response.status !== 201) throw new Error(`message: ${response.status} ${response.text}`);
  return response.body;
}

/** Comments on a message over HTTP as `token`; throws unless 201. */
export async function newComment(
  networkEID: string,
  messageEID: string,
  token: string,
  htmlBody = `<p>Comment ${uniqueSuffix()}</p>`,
): Promise<MessageBody> {
  const response = await call<MessageBody>(messagesPath(networkEID, `${messageEID}/comments/`), {
    token,
    json: { htmlBody },
  });
  if (response.status !== 201) throw new Error(`comment: ${response.status} ${response.text}`);
  return response.body;
}

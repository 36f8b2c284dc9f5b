/**
 * News and scheduled-items factories: news posted over HTTP as a given caller, and paths.
 */
import { call } from '../api.js';
import { uniqueSuffix } from './core.js';
import { messagesPath, type MessageBody } from './messages.js';

export interface NewsBody extends MessageBody {
  status: string;
  title?: string | null;
  readTime?: { unit: string; value: number };
  concatenated?: boolean;
  isDuplicate: boolean;
  originalAuthor: { type: string; EID: string } | null;
  scheduledAt: string | null;
}

/** Posts a news item (or, with `type`, another message) over HTTP as `token`; throws unless 201. */
export async function newNews(
  networkEID: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<NewsBody> {
  const response = await call<NewsBody>(messagesPath(networkEID), {
    token,
    json: { type: 'news', htmlBody: `<p>News ${uniqueSuffix()}</p>`, ...fields },
  });
  if (response.status !== 201) throw new Error(`news: ${response.status} ${response.text}`);
  return response.body;
}

export const publishPath = (networkEID: string, messageEID: string) =>
  messagesPath(networkEID, `${messageEID}/publish`);

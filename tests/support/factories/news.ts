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

/** A news job (duplication, addressee export) as read back. */
export interface JobBody {
  type: string;
  EID: string;
  status: string;
  code?: number;
  _links: Record<string, { href: string }>;
  [field: string]: unknown;
}

/** The path of a link of a resource (the gateway writes absolute links). */
export const linkPath = (resource: { _links: Record<string, { href: string }> }, rel: string) =>
  new URL(resource._links[rel]!.href).pathname;

/** Reads a job through its `self` link as `token` until it is no longer pending (10 s at most). */
export async function followJob<T extends JobBody>(job: T, token: string): Promise<T> {
  const self = linkPath(job, 'self');
  for (let i = 0; i < 40; i += 1) {
    const read = await call<T>(self, { token });
    if (read.status !== 200) throw new Error(`job: ${read.status} ${read.text}`);
    if (read.body.status !== 'pending') return read.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${job.EID} never ended`);
}

/**
 * Knowledge-base factories: categories and pages created over HTTP, as an administrator would.
 */
import { call } from '../api.js';
import { uniqueSuffix } from './core.js';

/** `/networks/{networkEID}/knowledge-base/<rest>`. */
export const kbPath = (networkEID: string, rest: string) => `/networks/${networkEID}/knowledge-base/${rest}`;

/** Creates a knowledge-base category over HTTP as `token` (an administrator); returns its EID. */
export async function newKbCategory(
  networkEID: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const response = await call<{ EID: string }>(kbPath(networkEID, 'categories/'), {
    token,
    json: { name: `Category ${uniqueSuffix()}`, ...fields },
  });
  if (response.status !== 201) throw new Error(`category: ${response.status} ${response.text}`);
  return response.body.EID;
}

/** Creates a knowledge-base page over HTTP; returns its EID. */
export async function newKbPage(
  networkEID: string,
  categoryEID: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const response = await call<{ EID: string }>(kbPath(networkEID, `categories/${categoryEID}/pages/`), {
    token,
    json: { title: `Page ${uniqueSuffix()}`, body: 'Body text', ...fields },
  });
  if (response.status !== 201) throw new Error(`page: ${response.status} ${response.text}`);
  return response.body.EID;
}

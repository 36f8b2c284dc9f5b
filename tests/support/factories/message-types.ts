/**
 * Factories of "types, fields and app posting": posting a message of any type with any fields, and
 * an app installed with chosen application permissions whose client-credentials token comes from
 * the OAuth token endpoint.
 */
import { call, type ApiResponse } from '../api.js';
import { installOverHttp, minimalManifest, newApp, registerManifest } from './apps.js';
import type { TestNetwork } from './core.js';
import { messagesPath, type MessageBody } from './messages.js';

/** `POST /networks/{networkEID}/messages/` with `json` as `token` (the answer, whatever it is). */
export function post(networkEID: string, token: string, json: Record<string, unknown>) {
  return call<MessageBody>(messagesPath(networkEID), { token, json });
}

/** Posts and fails unless 201. */
export async function posted(
  networkEID: string,
  token: string,
  json: Record<string, unknown>,
): Promise<MessageBody> {
  const answer: ApiResponse<MessageBody> = await post(networkEID, token, json);
  if (answer.status !== 201) throw new Error(`post: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** An app whose manifest asks `permissions`, installed in `network`; its token from /oauth/v2/token. */
export async function postingApp(network: TestNetwork, permissions: string[]) {
  const app = await newApp({ name: 'Posting app' });
  await registerManifest(app, { ...minimalManifest(), permissions });
  await installOverHttp(network, app);
  return { appEID: app.clientId, token: await app.token(), app };
}

/**
 * Chat and the AI assistant (issue #12): a network with feature `ai_assistant_settings`, its
 * assistant created over HTTP, and the caller's private messages (where welcome messages arrive).
 */
import { call } from '../api.js';
import { authModels, newNetwork, type TestNetwork } from './core.js';
import { setNetworkFeatures } from './directory.js';

export interface AssistantNetwork {
  readonly network: TestNetwork;
  readonly adminToken: string;
  /** The assistant's bot profile, when created. */
  readonly assistantEID: string | null;
}

export async function newAssistantNetwork(options: { create?: boolean } = {}): Promise<AssistantNetwork> {
  const network = await newNetwork('AI assistant');
  await setNetworkFeatures(network.networkEID, ['ai_assistant_settings']);
  const adminToken = await network.admin.token();
  if (options.create === false) return { network, adminToken, assistantEID: null };
  const created = await call<{ profile: { EID: string } }>(`/networks/${network.networkEID}/ai-assistants/`, {
    token: adminToken,
    json: {},
  });
  if (created.status !== 201) throw new Error(`assistant not created: ${created.status}`);
  return { network, adminToken, assistantEID: created.body.profile.EID };
}

interface PrivateMessage {
  EID: string;
  htmlBody: string;
  author?: { EID: string };
}

/** The private messages the token's person sent or received (first page of 100). */
export async function privateMessagesOf(network: TestNetwork, token: string): Promise<PrivateMessage[]> {
  const response = await call<{ _embedded: { messages: PrivateMessage[] } }>(
    `/networks/${network.networkEID}/private-messages/?limit=100`,
    { token },
  );
  if (response.status !== 200) throw new Error(`private messages: ${response.status}`);
  return response.body._embedded.messages;
}

/** Turns a network feature on, keeping the others (e.g. `ai_assistant_settings`). */
export async function addNetworkFeature(networkEID: string, feature: string): Promise<void> {
  const m = await authModels();
  await m.Network.updateOne({ _id: networkEID }, { $addToSet: { features: feature } });
}

/**
 * Chat and the AI assistant: a network with feature `ai_assistant_settings`, its
 * assistant created over HTTP; conversations and chat messages over HTTP.
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

export interface ChatMessage {
  EID: string;
  htmlBody: string;
  author: { EID: string };
  deleted: boolean;
  deletionReason?: string | null;
}

export interface Conversation {
  EID: string;
  kind: string;
  participants: { EID: string }[];
  lastMessage: ChatMessage | null;
  numUnread: number;
}

/** The token's person's conversations (first page of 100; `unread=true` when asked). */
export async function conversationsOf(
  network: TestNetwork,
  token: string,
  unread = false,
): Promise<Conversation[]> {
  const response = await call<{ _embedded: { conversations: Conversation[] } }>(
    `/networks/${network.networkEID}/conversations/?limit=100${unread ? '&unread=true' : ''}`,
    { token },
  );
  if (response.status !== 200) throw new Error(`conversations: ${response.status} ${response.text}`);
  return response.body._embedded.conversations;
}

/** The messages the token's person received from `authorEID` in their conversations with them. */
export async function chatMessagesFrom(
  network: TestNetwork,
  token: string,
  authorEID: string,
): Promise<ChatMessage[]> {
  const found: ChatMessage[] = [];
  for (const conversation of await conversationsOf(network, token)) {
    if (!conversation.participants.some((p) => p.EID === authorEID)) continue;
    const page = await call<{ _embedded: { messages: ChatMessage[] } }>(
      `/networks/${network.networkEID}/conversations/${conversation.EID}/messages/?limit=100`,
      { token },
    );
    found.push(...page.body._embedded.messages.filter((m) => m.author.EID === authorEID));
  }
  return found;
}

/** Starts (or finds) a conversation with the people named. */
export function startConversation(network: TestNetwork, token: string, participantEIDs: readonly string[]) {
  return call<Conversation>(`/networks/${network.networkEID}/conversations/`, {
    token,
    json: { participants: participantEIDs.map((EID) => ({ type: 'user', EID })) },
  });
}

/** Sends a chat message. */
export function sendChat(network: TestNetwork, token: string, conversationEID: string, htmlBody: string) {
  return call<ChatMessage>(`/networks/${network.networkEID}/conversations/${conversationEID}/messages/`, {
    token,
    json: { htmlBody },
  });
}

/** Turns a network feature on, keeping the others (e.g. `ai_assistant_settings`). */
export async function addNetworkFeature(networkEID: string, feature: string): Promise<void> {
  const m = await authModels();
  await m.Network.updateOne({ _id: networkEID }, { $addToSet: { features: feature } });
}

/** Emoji reactions over HTTP: the caller's reaction added and taken back, and the list. */
import { call } from '../api.js';
import { messagesPath, type MessageBody } from './messages.js';

export interface ReactionSummary {
  emoji: string;
  count: number;
  me: boolean;
}

export type ReactedMessage = MessageBody & { reactions: ReactionSummary[] };

export const reactionsPath = (networkEID: string, messageEID: string, rest = '') =>
  messagesPath(networkEID, `${messageEID}/reactions/${rest}`);

/** Reacts to a message (or comment) with `emoji` as `token`; the answer as it came. */
export const react = (networkEID: string, messageEID: string, emoji: string, token: string) =>
  call<ReactedMessage>(reactionsPath(networkEID, messageEID), { method: 'POST', token, json: { emoji } });

/** Takes the caller's reaction with `emoji` back; the answer as it came. */
export const unreact = (networkEID: string, messageEID: string, emoji: string, token: string) =>
  call<ReactedMessage>(reactionsPath(networkEID, messageEID, encodeURIComponent(emoji)), {
    method: 'DELETE',
    token,
  });

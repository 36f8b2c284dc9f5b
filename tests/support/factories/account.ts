/**
 * Paths and helpers of the caller's account operations (issue #15): settings, new features,
 * presence, host info and sessions.
 */
import { randomUUID } from 'node:crypto';
import type { Problem } from '@ncs/contracts';
import { newOpaqueToken, sha256 } from '@ncs/auth/testing';
import { call } from '../api.js';
import { authModels } from './core.js';

export const profilePath = (networkEID: string, profileEID: string, rest: string) =>
  `/networks/${networkEID}/users/${profileEID}/${rest}`;
export const settingsPath = (networkEID: string, profileEID: string) =>
  profilePath(networkEID, profileEID, 'settings/');
export const newFeaturesPath = (networkEID: string, profileEID: string, rest = '') =>
  profilePath(networkEID, profileEID, `new-features/${rest}`);
export const presencePath = (networkEID: string, profileEID: string) =>
  profilePath(networkEID, profileEID, 'presence/');

export type ProblemBody = Problem & { errors?: { pointer: string }[] };

/** The JSON pointers a 400 problem names. */
export const pointersOf = (body: unknown) =>
  ((body as ProblemBody | undefined)?.errors ?? []).map((error) => error.pointer);

export interface SessionBody {
  EID: string;
  client: { clientId: string; name: string | null };
  grantType: string;
  network: { type: 'network'; EID: string } | null;
  created: string;
  expiresAt: string | null;
}

/** The caller's live sessions (one page of 100). */
export async function sessionsOf(token: string): Promise<SessionBody[]> {
  const response = await call<{ _embedded: { sessions: SessionBody[] } }>('/sessions/?limit=100', { token });
  if (response.status !== 200) throw new Error(`sessions: ${response.status} ${response.text}`);
  return response.body._embedded.sessions;
}

/**
 * A code-flow access token bound to one network, stored directly (the browser flow is tested by
 * the OAuth tests); `scope: null` stands for a token no scope restricts, so that only the network
 * binding limits it.
 */
export async function codeFlowToken(
  email: string,
  networkEID: string,
  clientId: string,
  scope: string | null,
): Promise<string> {
  const m = await authModels();
  const account = await m.Account.findOne({ email: email.toLowerCase() }, { _id: 1 }).lean();
  if (!account) throw new Error(`no account ${email}`);
  const token = newOpaqueToken();
  await m.Token.insertMany([
    {
      hash: sha256(token),
      kind: 'access',
      accountId: String(account._id),
      clientId,
      familyId: randomUUID(),
      grantType: 'authorization_code',
      networkEID,
      scope,
      expiresAt: null,
    },
  ]);
  return token;
}

/**
 * Paths and helpers of the caller's account operations: settings, new features,
 * presence, host info and sessions.
 */
import type { Problem } from '@ncs/contracts';
import { call } from '../api.js';
import { newNetwork, type TestNetwork, type TestPerson } from './core.js';

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
 * A network with a member and a peer, and another network: the people the account tests act as,
 * with their tokens (the other network's administrator is the outsider).
 */
export async function accountFixture() {
  const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
  const [member, peer] = await Promise.all([network.newMember(), network.newMember()]);
  const [memberToken, peerToken, adminToken, outsiderToken] = await Promise.all([
    member.token(),
    peer.token(),
    network.admin.token(),
    other.admin.token(),
  ]);
  return { network, other, member, peer, memberToken, peerToken, adminToken, outsiderToken } satisfies {
    network: TestNetwork;
    other: TestNetwork;
    member: TestPerson;
    peer: TestPerson;
  } & Record<string, unknown>;
}

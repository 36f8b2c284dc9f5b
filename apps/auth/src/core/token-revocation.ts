/**
 * Ending sessions outside the token endpoints (a suspension, a password set by an administrator,
 * an app removed or its grant revoked): the tokens are revoked in the store and
 * `auth.token.revoked` carries their SHA-256 hashes (never the tokens), on which the gateway drops
 * them from its principal cache at once.
 */
import type { QueryFilter } from 'mongoose';
import type { EventSink } from './dependencies.js';
import type { CoreModels } from './models.js';
import type { TokenDoc } from './client-models.js';

/** Hashes per `auth.token.revoked` event: far below NATS's default 1 MiB payload. */
const REVOCATION_EVENT_BATCH = 1000;

/**
 * Revokes every live token matching `filter` (e.g. an account's, or only those bound to one
 * network: the authorization-code flow's tokens act in one network); returns how many.
 */
export async function revokeTokens(
  models: CoreModels,
  events: EventSink,
  filter: QueryFilter<TokenDoc>,
): Promise<number> {
  const live = await models.Token.find({ ...filter, revokedAt: null }, { hash: 1 }).lean();
  if (live.length === 0) return 0;
  const hashes = live.map((token) => token.hash);
  await models.Token.updateMany(
    { hash: { $in: hashes }, revokedAt: null },
    { $set: { revokedAt: new Date() } },
  );
  for (let i = 0; i < hashes.length; i += REVOCATION_EVENT_BATCH) {
    await events.record('auth.token.revoked', {
      audience: { kind: 'internal' },
      data: { tokenHashes: hashes.slice(i, i + REVOCATION_EVENT_BATCH) },
    });
  }
  return hashes.length;
}

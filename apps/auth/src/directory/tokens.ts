/**
 * Ending sessions from the directory (a suspension, a password set by an administrator): the
 * tokens are revoked in the store and `auth.token.revoked` carries their SHA-256 hashes (never the
 * tokens), on which the gateway drops them from its principal cache at once.
 */
import type { EventSink } from '../dependencies.js';
import type { AuthModels } from '../models.js';

/**
 * Revokes every live token of the account (only those bound to `networkEID`, when given: the
 * authorization-code flow's tokens act in one network); returns how many were revoked.
 */
export async function revokeTokens(
  models: AuthModels,
  events: EventSink,
  scope: { readonly accountId: string; readonly networkEID?: string },
): Promise<number> {
  const filter = {
    accountId: scope.accountId,
    revokedAt: null,
    ...(scope.networkEID ? { networkEID: scope.networkEID } : {}),
  };
  const live = await models.Token.find(filter, { hash: 1 }).lean();
  if (live.length === 0) return 0;
  const tokenHashes = live.map((token) => token.hash);
  await models.Token.updateMany(
    { hash: { $in: tokenHashes }, revokedAt: null },
    { $set: { revokedAt: new Date() } },
  );
  await events.record('token', 'revoked', { data: { tokenHashes } });
  return live.length;
}

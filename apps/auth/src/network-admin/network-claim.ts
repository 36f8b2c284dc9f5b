/**
 * Changes of one network's features and subscription run one at a time, under a claim
 * `network:<EID>` in `network_claims` (a unique insert) released when done. Why: FerretDB 1.24
 * applies a conditional `findOneAndUpdate` and `$addToSet`/`$pull` as a read then a write (two
 * upgrades to one plan at once both passed in the e2e test), and only a unique insert is atomic on
 * both stores. Under the claim the precondition is read and the change written without a race. A
 * claim left by a dead instance is taken over when its lease ends (the polls' pattern, messaging).
 */
import { DomainError } from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { NetworkAdminStore } from './dependencies.js';

/** How long a claim holds when its holder dies before releasing it. */
const LEASE_MS = 5_000;
/** How long a change waits for the network before it is answered 409. */
const WAIT_MS = 5_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims `key` until `now + LEASE_MS`: true when the caller holds it (first insert, or a takeover). */
async function claim(models: NetworkAdminStore, key: string, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + LEASE_MS);
  try {
    await models.NetworkClaim.create({ _id: key, until });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const held = await models.NetworkClaim.findById(key).lean<{ until: Date }>();
  if (!held || held.until.getTime() > now.getTime()) return false;
  // Takeover of an ended lease: delete that exact claim, then insert ours (a unique insert again).
  await models.NetworkClaim.deleteOne({ _id: key, until: held.until });
  try {
    await models.NetworkClaim.create({ _id: key, until });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return false;
  }
}

/** Runs `change` while holding the network's claim. */
export async function underNetworkClaim<T>(
  models: NetworkAdminStore,
  networkEID: string,
  change: () => Promise<T>,
): Promise<T> {
  const key = `network:${networkEID}`;
  const giveUpAt = Date.now() + WAIT_MS;
  let now = new Date();
  while (!(await claim(models, key, now))) {
    if (Date.now() > giveUpAt) throw new DomainError('NETWORK_ADMIN_ERR_BUSY');
    await pause(5 + Math.random() * 20);
    now = new Date();
  }
  try {
    return await change();
  } finally {
    // Only our own claim (a takeover after our lease ended holds another `until`).
    await models.NetworkClaim.deleteOne({ _id: key, until: new Date(now.getTime() + LEASE_MS) });
  }
}

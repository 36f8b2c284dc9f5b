/**
 * Start-up migration for data written before names moved from the account to the network profile.
 * Until then every network showed the account's names and language; an ACTIVE profile
 * that has no names of its own gets the account's, which is exactly what its network already
 * showed. A pending profile gets empty names instead, never the account's: the person has not
 * joined that network, and once they accept, the profile starts without names (they set them).
 * Idempotent: it only touches profiles without a `firstName` field, and leaves none behind.
 */
import type { Logger } from '@ncs/service-kit';
import type { DirectoryStore } from './dependencies.js';
import type { AccountDoc, ProfileDoc } from '../core/models.js';

const BATCH = 500;

export async function migrateProfileNames(models: DirectoryStore, logger: Logger): Promise<void> {
  let copied = 0;
  let emptied = 0;
  for (;;) {
    const profiles = await models.Profile.find(
      { firstName: { $exists: false } },
      { _id: 1, accountId: 1, userState: 1, language: 1 },
    )
      .limit(BATCH)
      .lean<Pick<ProfileDoc, '_id' | 'accountId' | 'userState' | 'language'>[]>();
    if (profiles.length === 0) break;
    const active = profiles.filter((p) => p.userState === 'active');
    const accounts = await models.Account.find(
      { _id: { $in: [...new Set(active.map((p) => p.accountId))] } },
      { firstName: 1, lastName: 1, language: 1 },
    ).lean<Pick<AccountDoc, '_id' | 'firstName' | 'lastName' | 'language'>[]>();
    const byId = new Map(accounts.map((a) => [String(a._id), a]));
    for (const profile of profiles) {
      const account = profile.userState === 'active' ? byId.get(profile.accountId) : undefined;
      const set: Record<string, unknown> = account
        ? { firstName: account.firstName ?? '', lastName: account.lastName ?? '' }
        : { firstName: '', lastName: '' };
      if (account?.language && profile.language == null) set.language = account.language;
      // Conditional on the field still missing: two instances starting at once write it once.
      await models.Profile.updateOne({ _id: profile._id, firstName: { $exists: false } }, { $set: set });
      if (account) copied++;
      else emptied++;
    }
  }
  if (copied + emptied > 0) logger.info({ copied, emptied }, 'profile names migrated from accounts');
}

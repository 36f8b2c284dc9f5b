/**
 * A network keeps an administrator under concurrency. `changeRole` refuses to demote
 * the last active administrator, but two administrators demoting each other at the same time both
 * see the other one: each demotion is checked again after its write (no transactions on FerretDB,
 * as groups do in `keepAnAdmin`), and undone when it left no administrator. Both then stay, and the
 * demotion that lost the race answers 409.
 */
import { DomainError, type StoredRole } from '@ncs/contracts';
import type { DirectoryStore } from './dependencies.js';
import { storedRolesFor } from '../core/permissions.js';

const adminRoles = () => storedRolesFor('admin', '2026.1.13') ?? [];

/** Active administrators of the network, `except` one of them. */
export function countAdmins(models: DirectoryStore, networkEID: string, except?: string): Promise<number> {
  return models.Profile.countDocuments({
    networkEID,
    userState: 'active',
    role: { $in: adminRoles() },
    ...(except ? { _id: { $ne: except } } : {}),
  });
}

/** After `profileEID` went from `previous` to `next`: no administrator left undoes it and is 409. */
export async function keepNetworkAdmin(
  models: DirectoryStore,
  networkEID: string,
  profileEID: string,
  previous: StoredRole,
  next: StoredRole,
): Promise<void> {
  if ((await countAdmins(models, networkEID)) > 0) return;
  await models.Profile.updateOne({ _id: profileEID, networkEID, role: next }, { $set: { role: previous } });
  throw new DomainError('DIR_ERR_LAST_ADMIN');
}

/**
 * What the directory (networks, profiles, invitations, membership) reads and is given: core's
 * collections, and those of the areas it builds on (groups for the profile list's group filters,
 * network operations for the terms a network shows, settings for its default theme).
 */
import type { CoreDependencies } from '../core/dependencies.js';
import type { GroupsStore } from '../groups/dependencies.js';
import type { NetworkAdminStore } from '../network-admin/dependencies.js';
import type { SettingsStore } from '../settings/dependencies.js';
import type { ScheduledItemsCounts } from './scheduled-items.js';

export interface DirectoryStore extends GroupsStore, NetworkAdminStore, SettingsStore {}

export interface DirectoryDependencies extends CoreDependencies<DirectoryStore> {
  /** The network resource's `_user.numScheduledItems`, messaging's, cached per person. */
  readonly scheduledItems: ScheduledItemsCounts;
}

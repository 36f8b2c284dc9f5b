/**
 * The auth service's collections, registered once on its own connection (STYLE.md §3): each area
 * declares its own (`<area>/models.ts`). Every tenant document carries `networkEID`, and its
 * indexes start with it (ARCHITECTURE §10).
 */
import type { Connection } from 'mongoose';
import { registerAppsModels, type AppsModels } from './apps/models.js';
import { registerDirectoryModels, type DirectoryModels } from './directory/models.js';
import { registerGroupsModels, type GroupsModels } from './groups/models.js';
import { registerOAuthModels, type OAuthModels } from './oauth/models.js';
import { registerSettingsModels, type SettingsModels } from './settings/models.js';
// Directory: account operations.
import { registerAccountModels, type AccountModels } from './account/models.js';
// Directory: group operations and app permissions.
import { registerGroupRequestsModels, type GroupRequestsModels } from './groups/requests/models.js';
// Directory: network operations.
import { registerLabelsModels, type LabelsModels } from './labels/models.js';
import { registerNetworkAdminModels, type NetworkAdminModels } from './network-admin/models.js';
// Directory (group operations): relations, users add/merge, widgets.
import { registerGroupWidgetsModels, type GroupWidgetsModels } from './groups/directory/widget-models.js';

export interface AuthModels
  extends
    DirectoryModels,
    OAuthModels,
    AppsModels,
    GroupsModels,
    SettingsModels,
    // Directory: account operations.
    AccountModels,
    // Directory: group operations and app permissions.
    GroupRequestsModels,
    // Directory: network operations.
    LabelsModels,
    NetworkAdminModels,
    // Directory (group operations): relations, users add/merge, widgets.
    GroupWidgetsModels {}

export function registerAuthModels(connection: Connection): AuthModels {
  return {
    ...registerDirectoryModels(connection),
    ...registerOAuthModels(connection),
    ...registerAppsModels(connection),
    ...registerGroupsModels(connection),
    ...registerSettingsModels(connection),
    // Directory: account operations.
    ...registerAccountModels(connection),
    // Directory: group operations and app permissions.
    ...registerGroupRequestsModels(connection),
    // Directory: network operations.
    ...registerLabelsModels(connection),
    ...registerNetworkAdminModels(connection),
    // Directory (group operations): relations, users add/merge, widgets.
    ...registerGroupWidgetsModels(connection),
  };
}

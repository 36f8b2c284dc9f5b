/**
 * The auth service's collections, registered once on its own connection (STYLE.md §3): core's
 * (`core/models.ts`: networks, accounts, profiles, invitations, clients, installations, tokens)
 * and each area's own (`<area>/models.ts`). Every tenant document carries `networkEID`, and its
 * indexes start with it (ARCHITECTURE §10).
 */
import type { Connection } from 'mongoose';
import { registerAccountModels, type AccountModels } from './account/models.js';
import { registerAppsModels, type AppsModels } from './apps/models.js';
import { registerCoreModels, type CoreModels } from './core/models.js';
import { registerGroupWidgetsModels, type GroupWidgetsModels } from './groups/widget-models.js';
import { registerGroupsModels, type GroupsModels } from './groups/models.js';
import { registerGroupRequestsModels, type GroupRequestsModels } from './groups/requests/models.js';
import { registerLabelsModels, type LabelsModels } from './labels/models.js';
import { registerNetworkAdminModels, type NetworkAdminModels } from './network-admin/models.js';
import { registerOAuthModels, type OAuthModels } from './oauth/models.js';
import { registerSettingsModels, type SettingsModels } from './settings/models.js';

export interface AuthModels
  extends
    CoreModels,
    OAuthModels,
    AppsModels,
    GroupsModels,
    GroupRequestsModels,
    GroupWidgetsModels,
    SettingsModels,
    AccountModels,
    LabelsModels,
    NetworkAdminModels {}

export function registerAuthModels(connection: Connection): AuthModels {
  return {
    ...registerCoreModels(connection),
    ...registerOAuthModels(connection),
    ...registerAppsModels(connection),
    ...registerGroupsModels(connection),
    ...registerGroupRequestsModels(connection),
    ...registerGroupWidgetsModels(connection),
    ...registerSettingsModels(connection),
    ...registerAccountModels(connection),
    ...registerLabelsModels(connection),
    ...registerNetworkAdminModels(connection),
  };
}

/**
 * Collections of the directory area "apps", registered on the auth service's connection.
 * Every tenant document carries `networkEID`, and its indexes start with it (ARCHITECTURE §10).
 */
import type { Connection } from 'mongoose';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the apps area
export interface AppsModels {}

export function registerAppsModels(_connection: Connection): AppsModels {
  return {};
}

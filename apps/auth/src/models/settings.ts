/**
 * Collections of the directory area "settings", registered on the auth service's connection.
 * Every tenant document carries `networkEID`, and its indexes start with it (ARCHITECTURE §10).
 */
import type { Connection } from 'mongoose';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the settings area
export interface SettingsModels {}

export function registerSettingsModels(_connection: Connection): SettingsModels {
  return {};
}

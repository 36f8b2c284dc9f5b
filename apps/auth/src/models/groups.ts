/**
 * Collections of the directory area "groups", registered on the auth service's connection.
 * Every tenant document carries `networkEID`, and its indexes start with it (ARCHITECTURE §10).
 */
import type { Connection } from 'mongoose';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the groups area
export interface GroupsModels {}

export function registerGroupsModels(_connection: Connection): GroupsModels {
  return {};
}

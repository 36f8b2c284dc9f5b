/**
 * Helpers of the groups tests: paths, and groups and memberships made over HTTP as a given caller.
 */
import { call } from '../api.js';
import { uniqueSuffix } from './core.js';

export const groupsPath = (networkEID: string, rest = '') => `/networks/${networkEID}/groups/${rest}`;
export const membersPath = (networkEID: string, groupEID: string, rest = '') =>
  groupsPath(networkEID, `${groupEID}/members/${rest}`);

export interface GroupBody {
  type: string;
  EID: string;
  name: string;
  groupType: string;
  parent: { type: string; EID: string } | null;
  numMembers: number;
  numLocalDepartments: number;
  hasExternalMembers: boolean;
  hidden: boolean;
  membersMayPost: boolean;
  _user: { member: boolean; role: string; permissions: string };
  _links: Record<string, { href: string }>;
  code?: number;
  errors?: { pointer: string; message: string }[];
  [field: string]: unknown;
}

export interface Collection<T = GroupBody> {
  type: string;
  total: number;
  limit: number;
  offset: number;
  code?: number;
  _links: Record<string, { href: string }>;
  _embedded: Record<string, T[]>;
}

export interface MembershipBody {
  type: string;
  EID: string;
  group: { type: string; EID: string };
  user: { type: string; EID: string };
  role: string;
  state: string;
  invitedBy: { type: string; EID: string } | null;
  code?: number;
  errors?: { pointer: string; message: string }[];
  _links: Record<string, { href: string }>;
  _embedded?: { user?: { type: string; EID: string; extrnal: boolean } };
  // Directory: group operations.
  lockedBy?: string | null;
}

/** Creates a group over HTTP as `token`; returns its representation (throws unless 201). */
export async function newGroup(
  networkEID: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<GroupBody> {
  const response = await call<GroupBody>(groupsPath(networkEID), {
    token,
    json: { name: `Group ${uniqueSuffix()}`, ...fields },
  });
  if (response.status !== 201) throw new Error(`group: ${response.status} ${response.text}`);
  return response.body;
}

/** Adds (or invites) a profile over HTTP as `token`; throws unless 201. */
export async function addMember(
  networkEID: string,
  groupEID: string,
  token: string,
  profileEID: string,
  fields: Record<string, unknown> = {},
): Promise<MembershipBody> {
  const response = await call<MembershipBody>(membersPath(networkEID, groupEID), {
    token,
    json: { profileEID, ...fields },
  });
  if (response.status !== 201) throw new Error(`member: ${response.status} ${response.text}`);
  return response.body;
}

export const permissionsOf = (group: { _user: { permissions: string } }) =>
  group._user.permissions === '' ? [] : group._user.permissions.split(',');

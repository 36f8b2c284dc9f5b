/**
 * Helpers of the group relations, users add/merge and widgets tests: paths and the
 * shapes of their answers.
 */
import { call } from '../api.js';
import { groupsPath } from './groups.js';

export type Ref = { type: string; EID: string };

export const relationsPath = (networkEID: string, groupEID: string, rest = '') =>
  groupsPath(networkEID, `${groupEID}/relations/${rest}`);
export const usersOpPath = (networkEID: string, groupEID: string, op: 'add' | 'merge') =>
  groupsPath(networkEID, `${groupEID}/users/${op}`);
export const widgetsPath = (networkEID: string, groupEID: string, rest = '') =>
  groupsPath(networkEID, `${groupEID}/widgets/${rest}`);

interface Problem {
  code?: number;
  errors?: { pointer: string; message: string }[];
  _links: Record<string, { href: string }>;
}

export interface RelationBody extends Problem {
  type: string;
  EID: string;
  parent: Ref;
  subgroup: Ref;
}

/** The outcome of `users/add` or `users/merge`: an action's answer, under `data`. */
export interface UsersResultBody extends Problem {
  type: string;
  data: {
    group: Ref;
    lockedBy: string | null;
    added: Ref[];
    alreadyMembers: Ref[];
    removed: Ref[];
    kept: { user: Ref; reason: string }[];
    refused: { user: Ref; reason: string }[];
  };
}

export interface WidgetBody extends Problem {
  type: string;
  EID: string;
  group: Ref;
  widgetType: string;
  title: string | null;
  position: number;
  visible: boolean;
  items: Ref[] | null;
}

/** Attaches `subgroupEID` below `groupEID` over HTTP as `token`. */
export const attach = (networkEID: string, groupEID: string, subgroupEID: string, token: string) =>
  call<RelationBody>(relationsPath(networkEID, groupEID), {
    token,
    json: { subgroup: { type: 'group', EID: subgroupEID } },
  });

/** Adds a widget over HTTP as `token`; throws unless 201. */
export async function newWidget(
  networkEID: string,
  groupEID: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<WidgetBody> {
  const response = await call<WidgetBody>(widgetsPath(networkEID, groupEID), {
    token,
    json: { widgetType: 'spotlight', ...fields },
  });
  if (response.status !== 201) throw new Error(`widget: ${response.status} ${response.text}`);
  return response.body;
}

/** A well-formed EID that names nothing. */
export const unknownEID = (n = 0) => n.toString(16).padStart(24, 'a').slice(-24);

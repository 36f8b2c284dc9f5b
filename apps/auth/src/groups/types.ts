/**
 * Group types and their hierarchy (spec: groups "business units, departments, local departments";
 * the ordinary group type is `group`). Decisions: docs/decisions.md, "Directory: groups".
 */
import { createHash } from 'node:crypto';
import {
  defaultEmblemPath,
  emblemThumbnailPath,
  groupTypeNames,
  type GroupTypeName,
  type PlainResource,
} from '@ncs/contracts';

export interface GroupTypeRule {
  readonly name: GroupTypeName;
  /** Types a parent group may have; empty: always top-level. */
  readonly parentTypes: readonly GroupTypeName[];
  readonly parentRequired: boolean;
  /** Organisational units are created (and deleted) by network admins only. */
  readonly createdBy: 'network_admin' | 'member';
}

export const groupTypeRules: Readonly<Record<GroupTypeName, GroupTypeRule>> = {
  business_unit: {
    name: 'business_unit',
    parentTypes: [],
    parentRequired: false,
    createdBy: 'network_admin',
  },
  department: {
    name: 'department',
    parentTypes: ['business_unit'],
    parentRequired: false,
    createdBy: 'network_admin',
  },
  local_department: {
    name: 'local_department',
    parentTypes: ['department'],
    parentRequired: true,
    createdBy: 'network_admin',
  },
  group: { name: 'group', parentTypes: groupTypeNames, parentRequired: false, createdBy: 'member' },
};

export const ORDINARY_GROUP_TYPE: GroupTypeName = 'group';

/** Business units, departments and local departments: the network's organisation, run by its admins. */
export function isOrganisationalUnit(type: string): boolean {
  return groupTypeRules[type as GroupTypeName]?.createdBy === 'network_admin';
}

/** Whether a group of type `child` may sit below a group of type `parent` (null: top-level). */
export function isAllowedParent(child: GroupTypeName, parent: GroupTypeName | null): boolean {
  const rule = groupTypeRules[child];
  if (parent === null) return !rule.parentRequired;
  return rule.parentTypes.includes(parent);
}

/** A stable EID per type name: types are fixed data, the same in every network. */
export function groupTypeEID(name: GroupTypeName): string {
  return createHash('sha256').update(`group_type:${name}`).digest('hex').slice(0, 24);
}

export function presentGroupType(rule: GroupTypeRule): PlainResource {
  return {
    type: 'group_type',
    EID: groupTypeEID(rule.name),
    name: rule.name,
    parentTypes: [...rule.parentTypes],
    parentRequired: rule.parentRequired,
    createdBy: rule.createdBy,
  };
}

/** Files (branding images): the network's uploaded default emblem of each group type. */
export type DefaultEmblemFiles = Readonly<
  Partial<Record<string, { readonly type?: string | null; readonly EID?: string | null } | null>>
> | null;

/**
 * The default emblem of a group type: the thumbnail of the image the network uploaded for the type
 * (files: branding images), else the generated SVG (served with the default avatars).
 */
export function defaultEmblemThumbnailUrl(
  networkEID: string,
  type: string,
  files: DefaultEmblemFiles,
): string {
  // Directory (branding): served as SVG by `defaultEmblem.get`.
  return emblemThumbnailPath(networkEID, files?.[type]) ?? defaultEmblemPath(type);
}

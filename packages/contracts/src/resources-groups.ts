/**
 * Resource and request schemas of the directory area "Groups, group types, memberships", and the link relations of its
 * resource types (spread into `linkRelations`).
 */
import type { LinkRelation } from './links.js';

export const groupsLinkRelations: Readonly<Record<string, readonly LinkRelation[]>> = {};

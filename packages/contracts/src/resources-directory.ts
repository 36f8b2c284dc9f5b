/**
 * Resource and request schemas of the directory area "Network settings, profiles, xid, postable types, roles, invitations", and the link relations of its
 * resource types (spread into `linkRelations`).
 */
import type { LinkRelation } from './links.js';

export const directoryLinkRelations: Readonly<Record<string, readonly LinkRelation[]>> = {};

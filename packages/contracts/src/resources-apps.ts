/**
 * Resource and request schemas of the directory area "Apps, manifests, installations, signed requests", and the link relations of its
 * resource types (spread into `linkRelations`).
 */
import type { LinkRelation } from './links.js';

export const appsLinkRelations: Readonly<Record<string, readonly LinkRelation[]>> = {};

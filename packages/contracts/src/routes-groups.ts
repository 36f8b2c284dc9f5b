/**
 * Routes of the directory area "Groups, group types, memberships" (owned by `auth` unless stated).
 */
import type { RouteDefinition } from './route-definition.js';

export const groupsRoutes: readonly RouteDefinition[] = [];

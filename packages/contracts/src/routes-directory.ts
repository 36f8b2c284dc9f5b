/**
 * Routes of the directory area "Network settings, profiles, xid, postable types, roles, invitations" (owned by `auth` unless stated).
 */
import type { RouteDefinition } from './route-definition.js';

export const directoryRoutes: readonly RouteDefinition[] = [];

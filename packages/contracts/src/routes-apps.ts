/**
 * Routes of the directory area "Apps, manifests, installations, signed requests" (owned by `auth`).
 */
import type { RouteDefinition } from './route-definition.js';

export const appsRoutes: readonly RouteDefinition[] = [];

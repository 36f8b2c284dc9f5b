/**
 * Routes of the directory area "Menu, widgets, network themes, lobby, badge counters" (owned by `auth` unless stated).
 */
import type { RouteDefinition } from './route-definition.js';

export const settingsRoutes: readonly RouteDefinition[] = [];

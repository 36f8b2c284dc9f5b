/**
 * Route table entries of the knowledge-base service (spec: Knowledge base). Part of `routes`.
 */
import type { RouteDefinition } from './route-definition.js';

export const kbRoutes: readonly RouteDefinition[] = [];

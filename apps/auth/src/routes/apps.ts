/**
 * Handlers of the route table's `appsRoutes` (packages/contracts/src/routes-apps.ts), by route id.
 * Built lazily: the map can be listed without a database (conformance test).
 */
import type { RpcHandler } from '@ncs/service-kit';
import type { AuthDependencies } from '../dependencies.js';

export function appsHandlers(_deps: () => AuthDependencies): Record<string, RpcHandler> {
  return {};
}

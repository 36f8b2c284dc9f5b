/**
 * Handlers of the route table's `directoryRoutes` (packages/contracts/src/routes-directory.ts), by route id.
 * Built lazily: the map can be listed without a database (conformance test).
 */
import type { RpcHandler } from '@ncs/service-kit';
import type { AuthDependencies } from '../dependencies.js';

export function directoryHandlers(_deps: () => AuthDependencies): Record<string, RpcHandler> {
  return {};
}

/**
 * The route table as Fastify sees it: table paths in Fastify's syntax, and the table entry a
 * request matched (every table route carries its `routeId` in its Fastify config).
 */
import type { FastifyRequest } from 'fastify';
import { routes, type RouteDefinition } from '@ncs/contracts';

/** `/networks/{networkEID}/` → `/networks/:networkEID/` */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const routesById: ReadonlyMap<string, RouteDefinition> = new Map(routes.map((route) => [route.id, route]));

/** The table's route the request matched; none for unknown routes and the gateway's own (`openapi`). */
export function tableRouteOf(request: FastifyRequest): RouteDefinition | undefined {
  const routeId = (request.routeOptions.config as { routeId?: string } | undefined)?.routeId;
  return routeId === undefined ? undefined : routesById.get(routeId);
}

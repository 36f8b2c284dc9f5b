/**
 * The API's base URL of a request (`PUBLIC_BASE_URL`, else the request's scheme and host): links,
 * `Location` headers and problem `type` URIs are absolute with it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API's base URL for this request, e.g. `https://api.example` (no trailing slash). */
    readonly apiBaseUrl: string;
  }
}

/** For requests without the app's decorators too (Fastify's routing errors). */
export function apiBaseUrl(publicBaseUrl: string | undefined, request: FastifyRequest): string {
  return publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

export function registerApiBaseUrl(app: FastifyInstance, publicBaseUrl: string | undefined): void {
  app.decorateRequest('apiBaseUrl', {
    getter(this: FastifyRequest) {
      return apiBaseUrl(publicBaseUrl, this);
    },
  });
}

/**
 * The API's documentation, served by the gateway: the OpenAPI document built from the route table
 * (`/openapi.json`), the docs UI on it (`/docs`), and the problem type pages (`/docs/problems/`).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@ncs/contracts';
import type { GatewayConfig } from './config.js';
import { registerProblemPages } from './problems/pages.js';

export async function registerDocs(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const document = buildOpenApiDocument({
    baseUrl: config.PUBLIC_BASE_URL ?? '/',
    vendor: config.API_VENDOR,
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { config: { routeId: 'openapi' } }, (_request, reply) =>
    reply.send(app.swagger()),
  );
  registerProblemPages(app);
}

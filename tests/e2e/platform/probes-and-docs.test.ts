/**
 * The platform's own endpoints: liveness, readiness, the OpenAPI document and the docs page, and
 * the route table as actually served.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '@ncs/contracts';
import { baseUrl, call } from '../../support/api.js';

describe('probes', () => {
  it('GET /health answers 200 without a token', async () => {
    const response = await call('/health', { accept: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /ready reports NATS and every service up', async () => {
    const response = await call('/ready', { accept: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ready',
      checks: { nats: 'up', auth: 'up', messaging: 'up', kb: 'up', notifications: 'up' },
    });
  });
});

describe('OpenAPI document and docs', () => {
  it('serves an OpenAPI 3.1 document listing every route of the table', async () => {
    const response = await call<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>('/openapi.json', { accept: 'application/json' });
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\.1\./);
    const operations = Object.values(response.body.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(operations.sort()).toEqual(routes.map((r) => r.id).sort());
  });

  it('serves a human docs page', async () => {
    const response = await fetch(`${baseUrl()}/docs/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/swagger/i);
  });

  it('routes every entry of the table to a handler (none answers "no such route")', async () => {
    for (const route of routes) {
      const path = route.path.replace('{networkEID}', '0123456789abcdef01234567');
      const response = await call(path, {
        method: route.method,
        ...(route.format === 'oauth' ? { accept: 'application/json' } : {}),
      });
      expect(response.status, `${route.method} ${route.path}`).toBeLessThan(500);
      expect(response.body?.code, `${route.method} ${route.path}`).not.toBe(-6);
    }
  });
});

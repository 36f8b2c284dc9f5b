import { describe, expect, it } from 'vitest';
import { route, type RequestContext } from '@ncs/contracts';
import { Type } from '@sinclair/typebox';
import { bindRoutes, defineHandlers } from './route-handlers.js';
import { createLogger } from './logger.js';

const common = { service: 'kb', tag: 'Test', scope: 'network', format: 'hal', summary: 'test' } as const;
const Params = Type.Object({ networkEID: Type.String(), thingEID: Type.String() });
const testRoutes = [
  route({
    ...common,
    id: 'thing.get',
    method: 'GET',
    path: '/networks/{networkEID}/things/{thingEID}/',
    params: Params,
    reply: { status: 200, schema: Type.Object({}) },
  }),
  route({
    ...common,
    id: 'thing.rename',
    method: 'PUT',
    path: '/networks/{networkEID}/things/{thingEID}/',
    params: Params,
    body: Type.Object({ name: Type.String() }),
    reply: { status: 200, schema: Type.Object({}) },
  }),
] as const;

interface Deps {
  readonly prefix: string;
}
const defineTestHandlers = defineHandlers<Deps>();
const handlers = defineTestHandlers(testRoutes, {
  'thing.get': ({ params }, { prefix }) => Promise.resolve(`${prefix}${params.thingEID}`),
  'thing.rename': ({ params, body }, { prefix }) =>
    Promise.resolve(`${prefix}${params.thingEID}=${body.name}`),
});

const ctx: RequestContext = { version: '2026.1.13', requestId: 'r1' };
const handlerContext = { logger: createLogger({ service: 'kb', level: 'silent' }), subject: 's' };

describe('defineHandlers', () => {
  it('refuses a map with a missing or an extra handler at compile time', () => {
    // @ts-expect-error 'thing.rename' is missing
    defineTestHandlers(testRoutes, { 'thing.get': () => Promise.resolve(null) });
    defineTestHandlers(testRoutes, {
      'thing.get': () => Promise.resolve(null),
      'thing.rename': () => Promise.resolve(null),
      // @ts-expect-error no route 'thing.delete'
      'thing.delete': () => Promise.resolve(null),
    });
    expect(Object.keys(handlers).sort()).toEqual(['thing.get', 'thing.rename']);
  });
});

describe('bindRoutes', () => {
  it("registers each handler under its route's subject and hands it the dependencies", async () => {
    const bound = bindRoutes(testRoutes, handlers, { prefix: 'p:' });
    expect([...bound.keys()].sort()).toEqual(['rpc.kb.thing.get', 'rpc.kb.thing.rename']);
    const request = { ctx, params: { networkEID: 'n', thingEID: 't' }, query: {}, body: { name: 'x' } };
    await expect(bound.get('rpc.kb.thing.rename')!(request, handlerContext)).resolves.toBe('p:t=x');
  });

  it('fails at start when a route has no handler or a handler has no route', () => {
    const partial = { 'thing.get': handlers['thing.get'] } as unknown as typeof handlers;
    expect(() => bindRoutes(testRoutes, partial, { prefix: '' })).toThrow(
      'route thing.rename has no handler',
    );
    const extra = { ...handlers, 'thing.delete': handlers['thing.get'] };
    expect(() => bindRoutes(testRoutes, extra, { prefix: '' })).toThrow(
      'handlers without a route: thing.delete',
    );
  });
});

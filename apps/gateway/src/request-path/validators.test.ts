/**
 * The gateway compiles a route's validators on its first request (validate.ts), so a
 * schema that ajv cannot compile would only show then: every one is compiled here.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '@ncs/contracts';
import { compileAllOf, compileRouteValidator } from './validate.js';

describe('route validators', () => {
  it('compiles the params, query and every body variant of every route of the table', () => {
    let compiled = 0;
    for (const route of routes) compiled += compileAllOf(route);
    // Each route has at least params or a query or a body to check; most have several.
    expect(compiled).toBeGreaterThan(routes.length);
  });

  it('compiles on first use and keeps the compiled validator', () => {
    const route = routes.find((candidate) => candidate.id === 'network.get')!;
    const validator = compileRouteValidator(route);
    const bad = { params: { networkEID: 'not-an-eid' }, query: {}, body: undefined };
    const first = validator.validate('2026.1.13', bad, ['params']);
    expect(first?.location).toBe('params');
    expect(validator.validate('2026.1.13', bad, ['params'])).toEqual(first);
  });
});

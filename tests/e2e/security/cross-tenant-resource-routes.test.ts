/**
 * Cross-tenant, routes outside a network's path: account routes that name a network's resource, and
 * network-less routes whose network is their resource's, answer 404 to an administrator of another
 * network, never the resource and never a hint that it exists. The network routes:
 * cross-tenant-network-routes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '@ncs/contracts';
import { call } from '../../support/api.js';
import { closeFactories } from '../../support/factories/core.js';
import {
  attackerToken,
  fixtures,
  useCrossTenantFixtures,
  victim,
  victimToken,
  type Fixtures,
} from './cross-tenant-setup.js';

afterAll(closeFactories);
useCrossTenantFixtures();

describe('account routes that name a network’s resource answer 404 to an outsider', () => {
  it('GET /users/{profileEID}/postable-types', async () => {
    const answer = await call(`/users/${fixtures.profileEID}/postable-types`, { token: attackerToken });
    expect(answer.status, answer.text).toBe(404);
    expect((await call(`/users/${fixtures.profileEID}/postable-types`, { token: victimToken })).status).toBe(
      200,
    );
  });

  it('POST /invitations/{invitationEID}/accept', async () => {
    const answer = await call(`/invitations/${fixtures.invitationEID}/accept`, {
      method: 'POST',
      token: attackerToken,
    });
    expect(answer.status, answer.text).toBe(404);
  });
});

// Polls. Network-less routes whose network is their resource's (`networkFrom`,
// e.g. `/polls/{pollEID}/…`): another network's administrator gets 404, exactly as for a resource
// that does not exist (same code); the victim's own administrator reaches them.
describe('network-less routes resolved from their resource answer 404 to an outsider', () => {
  const fromResource = routes.filter((r) => r.networkFrom !== undefined);
  const resources: Fixtures = {};

  beforeAll(async () => {
    const { newPoll } = await import('../../support/factories/polls.js');
    const poll = await newPoll(victim.networkEID, victimToken);
    Object.assign(resources, { pollEID: poll.EID, answerEID: poll.poll.answers[0]!.EID });
  });

  const pathOf = (route: RouteDefinition, values: Fixtures) =>
    route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = values[name];
      if (!value)
        throw new Error(
          `no fixture for {${name}} of ${route.id}: add one to cross-tenant-resource-routes.test.ts`,
        );
      return value;
    });
  const bodyOf = (route: RouteDefinition) =>
    route.body ? (route.id === 'poll.vote' ? { answerEID: resources.answerEID } : {}) : undefined;

  it('covers every such route', () => {
    expect(fromResource.map((r) => r.id).sort()).toEqual(['poll.reactivate', 'poll.vote', 'pollVoter.list']);
  });

  it.each(fromResource.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_label, route) => {
    const json = bodyOf(route);
    const options = { method: route.method, ...(json === undefined ? {} : { json }) };
    const across = await call(pathOf(route, resources), { ...options, token: attackerToken });
    expect(across.status, `${route.id} across networks: ${across.text}`).toBe(404);
    const unknown = await call(pathOf(route, { ...resources, pollEID: 'f'.repeat(24) }), {
      ...options,
      token: attackerToken,
    });
    expect(unknown.status).toBe(404);
    expect(across.body.code).toBe(unknown.body.code);
    if (route.method === 'GET') {
      const own = await call(pathOf(route, resources), { token: victimToken });
      expect(own.status, `${route.id} for the victim: ${own.text}`).toBe(200);
    }
  });
});

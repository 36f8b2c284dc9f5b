import { describe, expect, it } from 'vitest';
import { routes, routesOf } from '../routes.js';
import { withoutNetwork } from './network-less.js';

describe('network-less routes (withoutNetwork)', () => {
  const derived = routes.filter((r) => r.networklessOf !== undefined);

  it("serve the spec's paths of scoped routes, with the same subject and a `network` query", () => {
    expect(derived.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'DELETE /my-devices/{deviceEID}/',
      'GET /my-devices/',
      'GET /push-notifications/debug/',
      'GET /whitelabel-apps/',
      'GET /whitelabel-apps/{whitelabelAppEID}/',
      'POST /alerts/markread',
      'POST /my-devices/',
      'POST /whitelabel-apps/',
    ]);
    for (const route of derived) {
      const scoped = routes.find((r) => r.id === route.networklessOf)!;
      expect(scoped.path).toBe(`/networks/{networkEID}${route.path}`);
      expect(route.subject).toBe(scoped.subject);
      expect(route.params?.properties ?? {}).not.toHaveProperty('networkEID');
      expect(route.query?.properties).toHaveProperty('network');
    }
  });

  it('are answered by the scoped handlers: no owner lists them', () => {
    expect(routesOf('notifications').some((r) => 'networklessOf' in r)).toBe(false);
  });

  it('derive only from routes under /networks/{networkEID}/', () => {
    const lobby = routes.find((r) => r.id === 'lobby.get')!;
    expect(() => withoutNetwork(lobby)).toThrow(/not under/);
  });
});

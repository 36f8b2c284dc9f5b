/**
 * The route table and the services' handlers stay in step (ARCHITECTURE §4): a route without a
 * handler, or a handler without a route, fails here.
 */
import { describe, expect, it } from 'vitest';
import { routesOf, serviceNames, type ServiceName } from '@ncs/contracts';
import { routeHandlers as authHandlers } from '../../apps/auth/src/app.js';
import { routeHandlers as kbHandlers } from '../../apps/knowledge-base/src/app.js';
import { routeHandlers as messagingHandlers } from '../../apps/messaging/src/app.js';
import { routeHandlers as notificationsHandlers } from '../../apps/notifications/src/app.js';

// Handlers are closures over the models; building the map needs no database.
const handlersByService: Record<ServiceName, string[]> = {
  auth: Object.keys(
    authHandlers(() => {
      throw new Error('not called');
    }),
  ),
  messaging: Object.keys(messagingHandlers()),
  kb: Object.keys(kbHandlers()),
  notifications: Object.keys(notificationsHandlers()),
};

describe('route table ⇔ handlers', () => {
  it.each(serviceNames)('%s has exactly one handler per route of the table', (service) => {
    expect([...handlersByService[service]].sort()).toEqual(
      routesOf(service)
        .map((r) => r.id)
        .sort(),
    );
  });
});

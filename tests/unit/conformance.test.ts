/**
 * The route table and the services' handlers stay in step (ARCHITECTURE §4): a route without a
 * handler, or a handler without a route, fails here (and, for a typed map, at compile time).
 */
import { describe, expect, it } from 'vitest';
import { routesOf, serviceNames, type ServiceName } from '@ncs/contracts';
import { authHandlers } from '@ncs/auth/testing';
import { kbHandlers } from '@ncs/knowledge-base/testing';
import { messagingHandlers } from '@ncs/messaging/testing';
import { notificationsHandlers } from '@ncs/notifications/testing';

// The maps are constants: listing them needs no database.
const handlersByService: Record<ServiceName, string[]> = {
  auth: Object.keys(authHandlers),
  messaging: Object.keys(messagingHandlers),
  kb: Object.keys(kbHandlers),
  notifications: Object.keys(notificationsHandlers),
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

/**
 * Notifications: app webhooks. A manifest subscribes only to deliverable event types
 * (the closed list `webhookEventTypes`): an unknown one is 400 naming the entry; every listed one
 * is accepted. Decisions: docs/decisions.md, "Notifications: app webhooks".
 */
import { webhookEventTypes } from '@ncs/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../support/api.js';
import { minimalManifest, newApp, putManifest } from '../../support/factories/apps.js';
import { closeFactories } from '../../support/factories/core.js';

afterAll(closeFactories);

describe('app webhooks: manifest subscriptions', () => {
  it('refuses an event type that is not deliverable, naming it; accepts every deliverable one', async () => {
    const app = await newApp();
    const events = (subscriptions: string[]) => ({
      ...minimalManifest(),
      events: { url: 'https://app.example/events', subscriptions },
    });
    const refused = await putManifest(app, events(['group.created', 'alert.created']));
    expect(refused.status, refused.text).toBe(400);
    const problem = refused.body as unknown as Problem;
    expect(problem.errors?.map((e) => e.pointer)).toContain('/body/events/subscriptions/1');
    const accepted = await putManifest(app, events([...webhookEventTypes]));
    expect([200, 201], accepted.text).toContain(accepted.status);
    expect((accepted.body.events as { subscriptions: string[] }).subscriptions).toEqual([
      ...webhookEventTypes,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { DomainError, findRoute, internalSubjects, type RouteDefinition } from '@ncs/contracts';
import type { RpcCall, RpcClient } from '@ncs/service-kit';
import { callOwner as requestRoute, mergeParts } from './call-owner.js';

const badgeCounters = findRoute('badgeCounters.get');
const call: RpcCall = { ctx: { version: '2026.1.13', requestId: 'r-1', networkEID: 'a'.repeat(24) } };

/** An RPC client answering each subject with a value or an error, recording what was asked. */
function scriptedRpc(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const answer = (subject: string) => {
    asked.push(subject);
    const value = answers[subject];
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  };
  const rpc: RpcClient = {
    request: <T>(subject: string) => answer(subject) as Promise<T>,
    requestWithStatus: async <T>(subject: string) => ({
      data: (await answer(subject)) as T,
      status: undefined,
    }),
  };
  return { rpc, asked };
}

const owner = { [badgeCounters.subject]: { type: 'badge_counters' } };
const messaging = { numScheduledItems: 3, numUnrespondedEvents: 1 };
const notifications = { numAdminAlerts: 2, numUnreadAlertsCoalesced: 5 };

describe('requestRoute (gateway-assembled resources)', () => {
  it('is declared on the badge counters route, with messaging and notifications as parts', () => {
    expect(badgeCounters.assembledFrom?.map((p) => [p.service, p.subject])).toEqual([
      ['messaging', internalSubjects.messagingBadgeCounters],
      ['notifications', internalSubjects.notificationsBadgeCounters],
    ]);
  });

  it('merges the fields of every part into the owner’s resource, asking all in parallel', async () => {
    const { rpc, asked } = scriptedRpc({
      ...owner,
      [internalSubjects.messagingBadgeCounters]: { ...messaging, stray: 'ignored' },
      [internalSubjects.notificationsBadgeCounters]: notifications,
    });
    const { data } = await requestRoute(rpc, badgeCounters, call);
    expect(data).toEqual({ type: 'badge_counters', ...messaging, ...notifications });
    expect(asked).toHaveLength(3);
  });

  it('answers null for the fields of an unavailable part, and logs it', async () => {
    const warnings: object[] = [];
    const { rpc } = scriptedRpc({
      ...owner,
      [internalSubjects.messagingBadgeCounters]: messaging,
      [internalSubjects.notificationsBadgeCounters]: new DomainError('SERVICE_UNAVAILABLE'),
    });
    const { data } = await requestRoute(rpc, badgeCounters, call, { warn: (d) => warnings.push(d) });
    expect(data).toEqual({
      type: 'badge_counters',
      ...messaging,
      numAdminAlerts: null,
      numUnreadAlertsCoalesced: null,
    });
    expect(warnings).toEqual([expect.objectContaining({ part: 'notifications', requestId: 'r-1' })]);
  });

  it('treats a part that timed out like one that is down', async () => {
    const { rpc } = scriptedRpc({
      ...owner,
      [internalSubjects.messagingBadgeCounters]: new DomainError('SERVICE_TIMEOUT'),
      [internalSubjects.notificationsBadgeCounters]: notifications,
    });
    const { data } = await requestRoute(rpc, badgeCounters, call);
    expect(data).toMatchObject({ numScheduledItems: null, numUnrespondedEvents: null, numAdminAlerts: 2 });
  });

  it('is 503 when every part is unavailable', async () => {
    const { rpc } = scriptedRpc({
      ...owner,
      [internalSubjects.messagingBadgeCounters]: new DomainError('SERVICE_UNAVAILABLE'),
      [internalSubjects.notificationsBadgeCounters]: new DomainError('SERVICE_TIMEOUT'),
    });
    await expect(requestRoute(rpc, badgeCounters, call)).rejects.toMatchObject({
      status: 503,
      code: -14,
      message: expect.stringContaining('messaging, notifications'),
    });
  });

  it('answers the owner’s error whatever the parts answered (the owner decides access)', async () => {
    const { rpc } = scriptedRpc({
      [badgeCounters.subject]: new DomainError('AUTH_ERR_NETWORK_NOT_FOUND'),
      [internalSubjects.messagingBadgeCounters]: messaging,
      [internalSubjects.notificationsBadgeCounters]: notifications,
    });
    await expect(requestRoute(rpc, badgeCounters, call)).rejects.toMatchObject({ status: 404 });
  });

  it('answers a part’s error that is not an unavailability as is (no silent null)', async () => {
    const { rpc } = scriptedRpc({
      ...owner,
      [internalSubjects.messagingBadgeCounters]: messaging,
      [internalSubjects.notificationsBadgeCounters]: new DomainError('INTERNAL'),
    });
    await expect(requestRoute(rpc, badgeCounters, call)).rejects.toMatchObject({ status: 500 });
  });

  it('leaves a route without parts to its owner alone', async () => {
    const plain: RouteDefinition = findRoute('network.get');
    const { rpc, asked } = scriptedRpc({ [plain.subject]: { type: 'network' } });
    expect((await requestRoute(rpc, plain, call)).data).toEqual({ type: 'network' });
    expect(asked).toEqual([plain.subject]);
  });
});

describe('mergeParts', () => {
  it('gives null for a field the part left out', () => {
    const parts = [{ service: 'messaging' as const, subject: 's', fields: ['a', 'b'] }];
    expect(mergeParts({ type: 't' }, parts, [{ ok: true, data: { a: 1 } }])).toEqual({
      type: 't',
      a: 1,
      b: null,
    });
  });
});

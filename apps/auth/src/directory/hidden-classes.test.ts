/** Objects that the network representation builds on every request share one hidden class. */
import { describe, expect, it } from 'vitest';
import { hiddenClassChanges } from '@ncs/service-kit/testing';
import type { NetworkDoc } from '../core/models.js';
import { presentWriteContext } from './network-write-context.js';
import { withCallerFacts, type NetworkFacts } from './networks.js';

function network(i: number): NetworkDoc {
  return {
    _id: `network-${i}`,
    sso: { enabled: true, loginUrl: `https://sso.example/${i}`, logoutUrl: null },
    favicon: { url: `https://cdn.example/${i}.ico` },
    themeEID: `theme-${i}`,
    emailDeliveryFormat: 'html',
    defaultAvatar: null,
  } as unknown as NetworkDoc;
}

describe('the network representation, on every request', () => {
  it('builds the write context with one hidden class, for administrators and others alike', () => {
    const admins = Array.from({ length: 40 }, (_, i) => presentWriteContext(network(i), true));
    const members = Array.from({ length: 40 }, (_, i) => presentWriteContext(network(i), false));
    expect(Object.keys(admins[0]!)[0]).toBe('sso');
    expect(members[0]).not.toHaveProperty('sso');
    expect(hiddenClassChanges(admins)).toBe(0);
    expect(hiddenClassChanges(members)).toBe(0);
  });

  it('adds the caller’s facts to the network’s with one hidden class', () => {
    const facts = (i: number): NetworkFacts => ({
      hasExternalMembers: false,
      numActiveMembers: i,
      emblem: null,
      networkDomain: 'example.test',
      callerRole: 'member',
    });
    const all = Array.from({ length: 40 }, (_, i) =>
      withCallerFacts(facts(i), { numScheduledItems: i, accessPreconditions: [] }),
    );
    expect(all[3]).toMatchObject({ numActiveMembers: 3, numScheduledItems: 3, accessPreconditions: [] });
    expect(hiddenClassChanges(all)).toBe(0);
  });
});

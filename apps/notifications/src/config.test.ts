import { describe, expect, it } from 'vitest';
import { loadNotificationsConfig } from './config.js';

describe('queue leases against send timeouts', () => {
  it('takes the defaults: each lease outlasts its send timeout by the margin', () => {
    const config = loadNotificationsConfig({});
    expect(config.PUSH_LEASE_MS).toBeGreaterThanOrEqual(config.PUSH_TIMEOUT_MS + 1_000);
    expect(config.WEBHOOK_LEASE_MS).toBeGreaterThanOrEqual(config.WEBHOOK_TIMEOUT_MS + 1_000);
  });

  it.each([
    ['PUSH_LEASE_MS', 'PUSH_TIMEOUT_MS'],
    ['WEBHOOK_LEASE_MS', 'WEBHOOK_TIMEOUT_MS'],
  ])('refuses %s shorter than %s plus a second, naming both', (lease, timeout) => {
    expect(() => loadNotificationsConfig({ [lease]: '10000', [timeout]: '9500' })).toThrow(
      new RegExp(`${lease} \\(10000\\) must be at least ${timeout} \\(9500\\) \\+ 1000 ms`),
    );
    expect(loadNotificationsConfig({ [lease]: '10500', [timeout]: '9500' })[lease as 'PUSH_LEASE_MS']).toBe(
      10_500,
    );
  });
});

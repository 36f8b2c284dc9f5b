import { randomBytes } from 'node:crypto';
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

describe('WEBHOOK_SECRET_KEY', () => {
  it('is required in production and may not be the development key there', () => {
    const developmentKey = loadNotificationsConfig({}).WEBHOOK_SECRET_KEY;
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production' })).toThrow(
      /WEBHOOK_SECRET_KEY is required when NODE_ENV=production/,
    );
    expect(() =>
      loadNotificationsConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: developmentKey }),
    ).toThrow(/must not be the development key/);
    const key = randomBytes(32).toString('base64');
    expect(
      loadNotificationsConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: key }).WEBHOOK_SECRET_KEY,
    ).toBe(key);
    expect(loadNotificationsConfig({ WEBHOOK_SECRET_KEY: developmentKey }).WEBHOOK_SECRET_KEY).toBe(
      developmentKey,
    );
  });
});

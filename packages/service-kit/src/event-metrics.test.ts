import { describe, expect, it } from 'vitest';
import { ageSeconds, watchConsumerLag, watchOutboxLag } from './event-metrics.js';
import { metricsRegistry } from './metrics.js';

const sampleOf = async (name: string) => (await metricsRegistry.getSingleMetric(name)!.get()).values;

describe('event lag', () => {
  it('is the age of the oldest waiting event in seconds, 0 when none waits', () => {
    const now = Date.parse('2026-01-01T00:01:00Z');
    expect(ageSeconds(undefined, now)).toBe(0);
    expect(ageSeconds(new Date('2026-01-01T00:00:30Z'), now)).toBe(30);
    expect(ageSeconds(new Date('2026-01-01T00:00:59.750Z'), now)).toBe(0.25);
    // A clock behind another instance's: no negative lag.
    expect(ageSeconds(new Date('2026-01-01T00:01:05Z'), now)).toBe(0);
  });

  it('reads each outbox when scraped, leaving out one whose store fails, until unwatched', async () => {
    const fiveSecondsAgo = new Date(Date.now() - 5_000);
    const stopKb = watchOutboxLag('knowledge-base', () => Promise.resolve(fiveSecondsAgo));
    const stopAuth = watchOutboxLag('auth', () => Promise.resolve(undefined));
    const stopBroken = watchOutboxLag('messaging', () => Promise.reject(new Error('store away')));
    try {
      const values = await sampleOf('ncs_outbox_lag_seconds');
      const byService: Record<string, number> = Object.fromEntries(
        values.map((v) => [String(v.labels.service), v.value]),
      );
      expect(byService.auth).toBe(0);
      expect(byService['knowledge-base']).toBeGreaterThanOrEqual(5);
      expect(byService['knowledge-base']).toBeLessThan(10);
      expect(byService).not.toHaveProperty('messaging');
    } finally {
      stopKb();
      stopAuth();
      stopBroken();
    }
    expect(await sampleOf('ncs_outbox_lag_seconds')).toEqual([]);
  });

  it('reads each durable once, and leaves out one the server does not answer in time', async () => {
    let asked = 0;
    const pending = () => {
      asked += 1;
      return Promise.resolve(42);
    };
    const stops = [
      watchConsumerLag('EVENTS', 'notifications-alerts', pending),
      // A second consumer of the same durable in this process.
      watchConsumerLag('EVENTS', 'notifications-alerts', pending),
      watchConsumerLag('EVENTS', 'silent', () => new Promise<number>(() => undefined)),
    ];
    try {
      const started = Date.now();
      const values = await sampleOf('ncs_consumer_pending_events');
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(values.map((v) => [v.labels, v.value])).toEqual([
        [{ stream: 'EVENTS', consumer: 'notifications-alerts' }, 42],
      ]);
      expect(asked).toBe(1);
    } finally {
      for (const stop of stops) stop();
    }
  });
});

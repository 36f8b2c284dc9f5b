import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadNotificationsConfig } from '../config.js';

describe('webhook configuration', () => {
  it('refuses a production start without WEBHOOK_SECRET_KEY; takes a 32-byte key', () => {
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production' })).toThrow(
      /WEBHOOK_SECRET_KEY is required/,
    );
    const key = randomBytes(32).toString('base64');
    expect(
      loadNotificationsConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: key }).WEBHOOK_SECRET_KEY,
    ).toBe(key);
  });

  it('refuses private targets and disables after a day unless configured otherwise', () => {
    const config = loadNotificationsConfig({});
    expect(config.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(config.WEBHOOK_DISABLE_AFTER_MS).toBe(86_400_000);
    expect(Buffer.from(config.WEBHOOK_SECRET_KEY, 'base64')).toHaveLength(32);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from './config.js';

describe('APP_SIGNING_SECRET_KEY', () => {
  it('refuses a production start without the key, naming it and how to make one', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(
      /APP_SIGNING_SECRET_KEY is required when NODE_ENV=production.*openssl rand -base64 32/,
    );
    expect(() => loadAuthConfig({ NODE_ENV: 'production', APP_SIGNING_SECRET_KEY: '' })).toThrow(
      /APP_SIGNING_SECRET_KEY/,
    );
  });

  it('takes a production key of 32 bytes and refuses a malformed one', () => {
    const key = randomBytes(32).toString('base64');
    expect(
      loadAuthConfig({ NODE_ENV: 'production', APP_SIGNING_SECRET_KEY: key }).APP_SIGNING_SECRET_KEY,
    ).toBe(key);
    expect(() => loadAuthConfig({ APP_SIGNING_SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(
      /APP_SIGNING_SECRET_KEY/,
    );
  });

  it('refuses the development key in production, the one docker-compose.yml defaults to', () => {
    const developmentKey = loadAuthConfig({}).APP_SIGNING_SECRET_KEY;
    expect(() => loadAuthConfig({ NODE_ENV: 'production', APP_SIGNING_SECRET_KEY: developmentKey })).toThrow(
      /APP_SIGNING_SECRET_KEY is required when NODE_ENV=production and must not be the development key/,
    );
    expect(loadAuthConfig({ APP_SIGNING_SECRET_KEY: developmentKey }).APP_SIGNING_SECRET_KEY).toBe(
      developmentKey,
    );
  });

  it('has a development default outside production', () => {
    expect(Buffer.from(loadAuthConfig({}).APP_SIGNING_SECRET_KEY, 'base64')).toHaveLength(32);
  });
});

/** The notifications service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, ConfigError, loadConfig } from '@ncs/service-kit';
import { LEASE_MARGIN_MS } from './due-claims.js';

/** The development key of webhook secrets: public, so a production start refuses it. */
const DEV_WEBHOOK_SECRET_KEY = 'ZGV2LW9ubHkgd2ViaG9vayBzZWNyZXRzIGtleSAzMiE=';

export const NotificationsConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_notifications' }),
  // Devices and push. FCM HTTP v1; no Google call unless configured so.
  FCM_BASE_URL: Type.String({ default: 'https://fcm.googleapis.com', description: 'FCM HTTP v1 base URL' }),
  FCM_ACCESS_TOKEN: Type.String({
    default: '',
    description: 'OAuth bearer token for FCM; empty: pushes fail as `unconfigured`',
  }),
  FCM_PROJECT_ID: Type.String({
    default: 'ncs',
    description: 'Project of devices without a white-label app',
  }),
  PUSH_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  PUSH_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 20, default: 6 }),
  PUSH_RETRY_BASE_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 2_000 }),
  PUSH_RETRY_MAX_MS: Type.Integer({ minimum: 10, maximum: 3_600_000, default: 300_000 }),
  PUSH_LEASE_MS: Type.Integer({ minimum: 1_000, maximum: 3_600_000, default: 60_000 }),
  PUSH_SWEEP_MS: Type.Integer({ minimum: 50, maximum: 600_000, default: 5_000 }),
  PUSH_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
  // Notifications: app webhooks.
  WEBHOOK_SECRET_KEY: Type.String({
    pattern: '^[A-Za-z0-9+/]{43}=$',
    default: DEV_WEBHOOK_SECRET_KEY,
    description:
      'AES-256-GCM key of the webhook signing secrets at rest: 32 bytes, base64; required when NODE_ENV=production',
  }),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Type.Boolean({
    default: false,
    description: 'Deliver to loopback and private addresses (development and test stacks only)',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  WEBHOOK_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 100, default: 40 }),
  WEBHOOK_RETRY_BASE_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 5_000 }),
  WEBHOOK_RETRY_MAX_MS: Type.Integer({ minimum: 10, maximum: 86_400_000, default: 3_600_000 }),
  WEBHOOK_DISABLE_AFTER_MS: Type.Integer({ minimum: 100, maximum: 30 * 86_400_000, default: 86_400_000 }),
  WEBHOOK_LEASE_MS: Type.Integer({ minimum: 1_000, maximum: 3_600_000, default: 60_000 }),
  WEBHOOK_SWEEP_MS: Type.Integer({ minimum: 50, maximum: 600_000, default: 5_000 }),
  WEBHOOK_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
  // Notifications (alert throughput): events the alerts consumer handles at once. 1 on the
  // local store (FerretDB/SQLite serializes writers: more is slower); more on MongoDB.
  ALERTS_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
});
export type NotificationsConfig = Static<typeof NotificationsConfigSchema>;

export function loadNotificationsConfig(
  env: Record<string, string | undefined> = process.env,
): NotificationsConfig {
  // Production never runs on a known key: none given, or the public development one, is refused.
  const webhookKey = env.WEBHOOK_SECRET_KEY ?? '';
  if (env.NODE_ENV === 'production' && (webhookKey === '' || webhookKey === DEV_WEBHOOK_SECRET_KEY)) {
    throw new ConfigError(
      `Invalid configuration: WEBHOOK_SECRET_KEY is required when NODE_ENV=production${webhookKey === '' ? '' : ' and must not be the development key'} (32 random bytes, base64: \`openssl rand -base64 32\`)`,
    );
  }
  const config = loadConfig(NotificationsConfigSchema, env);
  // A queue's holder sends only within its lease (due-claims.ts): a lease no longer than the send
  // timeout plus the margin would cut every send short, or let a second holder send the same attempt.
  for (const [lease, timeout] of [
    ['PUSH_LEASE_MS', 'PUSH_TIMEOUT_MS'],
    ['WEBHOOK_LEASE_MS', 'WEBHOOK_TIMEOUT_MS'],
  ] as const) {
    if (config[lease] < config[timeout] + LEASE_MARGIN_MS)
      throw new ConfigError(
        `Invalid configuration: ${lease} (${config[lease]}) must be at least ${timeout} (${config[timeout]}) + ${LEASE_MARGIN_MS} ms`,
      );
  }
  return config;
}

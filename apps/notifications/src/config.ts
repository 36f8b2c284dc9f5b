/** The notifications service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, loadConfig } from '@ncs/service-kit';

export const NotificationsConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_notifications' }),
  // Concern: devices and push (issue #13). FCM HTTP v1; no Google call unless configured so.
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
  // Notifications: alert throughput (issue #13): events the alerts consumer handles at once. 1 on the
  // local store (FerretDB/SQLite serializes writers: more is slower); more on MongoDB.
  ALERTS_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
});
export type NotificationsConfig = Static<typeof NotificationsConfigSchema>;

export function loadNotificationsConfig(
  env: Record<string, string | undefined> = process.env,
): NotificationsConfig {
  return loadConfig(NotificationsConfigSchema, env);
}

/** The notifications service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, loadConfig } from '@ncs/service-kit';

export const NotificationsConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_notifications' }),
});
export type NotificationsConfig = Static<typeof NotificationsConfigSchema>;

export function loadNotificationsConfig(
  env: Record<string, string | undefined> = process.env,
): NotificationsConfig {
  return loadConfig(NotificationsConfigSchema, env);
}

/** The messaging service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, loadConfig } from '@ncs/service-kit';

export const MessagingConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_messaging' }),
  // News and scheduled items: how often each instance looks for due work (jobs, scheduled items).
  SCHEDULER_INTERVAL_MS: Type.Integer({ minimum: 50, maximum: 60_000, default: 1_000 }),
});
export type MessagingConfig = Static<typeof MessagingConfigSchema>;

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  return loadConfig(MessagingConfigSchema, env);
}

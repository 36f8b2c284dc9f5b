/** The messaging service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, loadConfig } from '@ncs/service-kit';

export const MessagingConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_messaging' }),
});
export type MessagingConfig = Static<typeof MessagingConfigSchema>;

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  return loadConfig(MessagingConfigSchema, env);
}

/** The messaging service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, loadConfig } from '@ncs/service-kit';

export const MessagingConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_messaging' }),
  // News and scheduled items: how often each instance looks for due work (jobs, scheduled items).
  SCHEDULER_INTERVAL_MS: Type.Integer({ minimum: 50, maximum: 60_000, default: 1_000 }),
  // Files (attachments and temporary uploads): a temporary file not attached within
  // FILES_TEMPORARY_TTL_MS is deleted; an upload without a chunk for FILES_UPLOAD_IDLE_MS has its
  // chunks removed; each instance sweeps every FILES_SWEEP_INTERVAL_MS.
  FILES_TEMPORARY_TTL_MS: Type.Integer({ minimum: 1_000, default: 86_400_000 }),
  FILES_UPLOAD_IDLE_MS: Type.Integer({ minimum: 1_000, default: 3_600_000 }),
  FILES_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 60_000 }),
});
export type MessagingConfig = Static<typeof MessagingConfigSchema>;

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  return loadConfig(MessagingConfigSchema, env);
}

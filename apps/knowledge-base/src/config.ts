/** The knowledge-base service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, loadConfig } from '@ncs/service-kit';

export const KnowledgeBaseConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_kb' }),
});
export type KnowledgeBaseConfig = Static<typeof KnowledgeBaseConfigSchema>;

export function loadKnowledgeBaseConfig(
  env: Record<string, string | undefined> = process.env,
): KnowledgeBaseConfig {
  return loadConfig(KnowledgeBaseConfigSchema, env);
}

/**
 * Configuration from the environment, validated once against a TypeBox schema (STYLE.md §2).
 * Each app's `src/config.ts` extends `baseServiceConfig` and calls `loadConfig` with `process.env`.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Ajv } from 'ajv';

export const baseServiceConfig = {
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222', description: 'NATS server URL' }),
  MONGO_URL: Type.String({ default: 'mongodb://127.0.0.1:27017/', description: 'MongoDB(-compatible) URL' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  RPC_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 5_000 }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5_000 }),
  MONGO_COMMAND_LOG_DIR: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'Tests only: a directory where the service records the shape of every store query (keys and operators, never values) and its declared indexes, for the index-coverage test',
    }),
  ),
  NCS_CHECK_INTERNAL_REPLIES: Type.Optional(
    Type.Boolean({
      description:
        'Tests only: check every reply of an internal subject against its schema and answer 500 where it does not match (internal-handlers.ts)',
    }),
  ),
  // Scale-out: `/health` and `/ready` of a service process (probe-server.ts).
  PROBE_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description: 'port of the HTTP probes `/health` and `/ready` (0: any free port); none when unset',
    }),
  ),
  // Prometheus metrics (metrics.ts), on a port of their own: never the public API port.
  METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description: 'port of `GET /metrics` (Prometheus text; 0: any free port); none when unset',
    }),
  ),
  METRICS_HOST: Type.String({
    default: '127.0.0.1',
    description: 'address the metrics port listens on (0.0.0.0 in a container, for the scraper)',
  }),
} satisfies TProperties;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates `env` against `schema`, applying defaults and coercing numbers and booleans.
 * Throws a ConfigError naming every invalid variable.
 */
export function loadConfig<T extends TObject>(schema: T, env: Record<string, string | undefined>): Static<T> {
  const ajv = new Ajv({ useDefaults: true, coerceTypes: true, allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  const candidate: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') candidate[key] = value;
  }
  if (!validate(candidate)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath.slice(1) || e.params?.missingProperty} ${e.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return candidate;
}

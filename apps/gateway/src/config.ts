/** The gateway's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, loadConfig } from '@ncs/service-kit';
import { STREAM_MAX_PER_PERSON } from '@ncs/contracts';

// The gateway serves its probes on PORT (probes.ts), not on a PROBE_PORT of its own.
const { MONGO_URL: _unused, PROBE_PORT: _probesOnPort, ...natsAndLogging } = baseServiceConfig;

export const GatewayConfigSchema = Type.Object({
  ...natsAndLogging,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  /** Absolute base of `_links` hrefs; when absent, taken from the request's Host (and X-Forwarded-* when TRUST_PROXY). */
  PUBLIC_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+(/.*[^/])?$' })),
  TRUST_PROXY: Type.Boolean({ default: false }),
  API_VENDOR: Type.String({ default: 'ncs', pattern: '^[a-z0-9-]+$' }),
  TOKEN_CACHE_TTL_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 5_000 }),
  TOKEN_CACHE_MAX_ENTRIES: Type.Integer({ minimum: 0, default: 10_000 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  READY_TIMEOUT_MS: Type.Integer({ minimum: 50, default: 1_000 }),
  /** Requests per caller (account or app of a valid token, else address) and window; 0 turns rate limiting off. */
  RATE_LIMIT_MAX: Type.Integer({ minimum: 0, default: 1_200 }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
  /** Requests per client address and window on the token endpoint and the sign-in form; 0: no such limit. */
  TOKEN_RATE_LIMIT_MAX: Type.Integer({ minimum: 0, default: 30 }),
  TOKEN_RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
  // Notifications: the live stream.
  /** A comment line on every open live stream this often (keeps proxies from closing it). */
  STREAM_HEARTBEAT_MS: Type.Integer({ minimum: 100, maximum: 300_000, default: 15_000 }),
  /** Live streams one person may hold open at once, over every gateway instance (429 beyond). */
  STREAM_MAX_PER_PERSON: Type.Integer({ minimum: 1, maximum: 100, default: STREAM_MAX_PER_PERSON }),
  /** How often an open live stream looks its token up again (it ends once revoked). */
  STREAM_TOKEN_CHECK_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 30_000 }),
  // Files and folders: the largest upload of each kind (413 above it).
  FILES_MAX_IMAGE_BYTES: Type.Integer({ minimum: 1, default: 20 * 1024 * 1024 }),
  FILES_MAX_VIDEO_BYTES: Type.Integer({ minimum: 1, default: 500 * 1024 * 1024 }),
  FILES_MAX_FILE_BYTES: Type.Integer({ minimum: 1, default: 100 * 1024 * 1024 }),
  // Scale-out: retries of a request that met no responder or a timeout (request-path/retry.ts).
  /** Attempts after the first (no responder: any request; a timeout: idempotent requests only). */
  RPC_RETRIES: Type.Integer({ minimum: 0, maximum: 5, default: 2 }),
  /** Wait before the first retry, doubled before each next one. */
  RPC_RETRY_BACKOFF_MS: Type.Integer({ minimum: 0, maximum: 5_000, default: 50 }),
  /** Every attempt of one request to the services (RPC_TIMEOUT_MS each) ends within this. */
  RPC_DEADLINE_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  // Overload (request-path/bulkhead.ts): requests of this gateway to one service.
  /** In flight at once to each owning service (the rest wait); 0: no limit. */
  RPC_MAX_IN_FLIGHT: Type.Integer({ minimum: 0, maximum: 100_000, default: 32 }),
  /** Waiting for one service beyond which a request is answered 503 at once. */
  RPC_MAX_QUEUED: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 2_000 }),
  // Browsers (browsers.ts): which web origins may call the API with a bearer token.
  /** Comma-separated exact origins (`https://app.example`) or `*`; empty: no cross-origin calls. */
  CORS_ORIGINS: Type.String({
    default: '',
    pattern: '^\\s*((\\*|https?://[^/,\\s]+)\\s*(,\\s*(\\*|https?://[^/,\\s]+)\\s*)*)?$',
  }),
});
export type GatewayConfig = Static<typeof GatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(GatewayConfigSchema, env);
}

/** The auth service's configuration, validated once from the environment. */
import { Type, type Static } from '@sinclair/typebox';
import { baseServiceConfig, ConfigError, loadConfig } from '@ncs/service-kit';

/** The development key of app signing secrets: public, so a production start refuses it. */
const DEV_APP_SIGNING_SECRET_KEY = 'ZGV2LW9ubHkgYXBwIHNpZ25pbmcgc2VjcmV0IGtleSE=';

export const AuthConfigSchema = Type.Object({
  ...baseServiceConfig,
  MONGO_DB: Type.String({ default: 'ncs_auth' }),
  DEMO_DATA: Type.Boolean({
    default: true,
    description: 'create the demo networks, people and client on start',
  }),
  DEMO_PASSWORD: Type.String({ default: 'demo-pass-123', minLength: 8 }),
  DEMO_CLIENT_ID: Type.String({ default: 'ncs-demo-app', minLength: 1 }),
  DEMO_CLIENT_SECRET: Type.String({ default: 'demo-secret', minLength: 1 }),
  DEMO_APP_CLIENT_ID: Type.String({
    default: '65d0c0de0000000000000001',
    pattern: '^[0-9a-f]{24}$',
    description: 'client id (app EID) of the third-party demo app of the code flow',
  }),
  DEMO_APP_CLIENT_SECRET: Type.String({ default: 'demo-app-secret', minLength: 1 }),
  DEMO_APP_REDIRECT_URI: Type.String({
    default: 'http://127.0.0.1:8765/callback',
    pattern: '^http://(127\\.0\\.0\\.1|localhost|\\[::1\\]):[0-9]{1,5}/',
    description: 'redirect URI of the third-party demo app (a listener on the local machine)',
  }),
  NETWORK_DOMAIN: Type.String({
    default: 'ncs.example',
    pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$',
    description: "parent domain of the networks' own hosts: `<subdomain>.<NETWORK_DOMAIN>`",
  }),
  // Failed sign-ins (password grant, sign-in form), OWASP ASVS 2.2: see oauth/sign-in-rules.ts.
  SIGN_IN_WINDOW_MS: Type.Integer({
    minimum: 1_000,
    default: 15 * 60_000,
    description: 'failures count this long',
  }),
  SIGN_IN_LOCK_MS: Type.Integer({
    minimum: 1_000,
    default: 15 * 60_000,
    description: 'how long a lock lasts',
  }),
  SIGN_IN_ACCOUNT_MAX_FAILURES: Type.Integer({
    minimum: 1,
    default: 5,
    description: 'failures that lock an account',
  }),
  SIGN_IN_ACCOUNT_DELAY_FROM: Type.Integer({
    minimum: 1,
    default: 3,
    description: 'failure from which answers are delayed',
  }),
  SIGN_IN_ADDRESS_MAX_FAILURES: Type.Integer({
    minimum: 1,
    default: 50,
    description: 'failures that lock an address',
  }),
  SIGN_IN_ADDRESS_DELAY_FROM: Type.Integer({ minimum: 1, default: 30 }),
  /** The first delay; each further failure doubles it, up to SIGN_IN_DELAY_MAX_MS. */
  SIGN_IN_DELAY_BASE_MS: Type.Integer({ minimum: 0, maximum: 4_000, default: 1_000 }),
  /** Below the gateway's RPC timeout (5 s by default): a delayed answer must still reach the client. */
  SIGN_IN_DELAY_MAX_MS: Type.Integer({ minimum: 0, maximum: 4_000, default: 3_000 }),
  SECRET_HASH_LOG2_COST: Type.Integer({
    minimum: 10,
    maximum: 15,
    default: 15,
    description:
      'log2 of scrypt N for new password and client-secret hashes; below 15 only for test stacks (a warning is logged)',
  }),
  // Directory: app signing secrets encrypted at rest (apps/signing-secret-box.ts).
  APP_SIGNING_SECRET_KEY: Type.String({
    pattern: '^[A-Za-z0-9+/]{43}=$',
    default: DEV_APP_SIGNING_SECRET_KEY,
    description:
      'AES-256-GCM key of the app signing secrets at rest: 32 bytes, base64 (`openssl rand -base64 32`); required when NODE_ENV=production',
  }),
  // App webhooks: the same switch as notifications' (which delivers): a manifest's `events.url`
  // naming a loopback, private, link-local or metadata address is refused unless it is on.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Type.Boolean({
    default: false,
    description:
      'Accept webhook URLs naming loopback and private addresses (development and test stacks only)',
  }),
});
export type AuthConfig = Static<typeof AuthConfigSchema>;

/**
 * A production start needs a key of its own: without one, or with the development key (which is
 * public, in this file and in docker-compose.yml), it is refused rather than run on a known key.
 */
function requireProductionKeys(env: Record<string, string | undefined>): void {
  if (env.NODE_ENV !== 'production') return;
  const key = env.APP_SIGNING_SECRET_KEY ?? '';
  if (key !== '' && key !== DEV_APP_SIGNING_SECRET_KEY) return;
  throw new ConfigError(
    `Invalid configuration: APP_SIGNING_SECRET_KEY is required when NODE_ENV=production${key === '' ? '' : ' and must not be the development key'} (32 random bytes, base64: \`openssl rand -base64 32\`); it encrypts the app signing secrets at rest`,
  );
}

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  requireProductionKeys(env);
  return loadConfig(AuthConfigSchema, env);
}

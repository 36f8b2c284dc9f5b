/**
 * The auth service as a module: its models and its handlers by NATS subject. `main.ts` hosts it;
 * service tests build it in process against real NATS and the real store.
 */
import { DomainError, internalSubjects, routesOf, type RpcRequest } from '@ncs/contracts';
import type { RpcHandler, ServiceModule, ServiceRuntime } from '@ncs/service-kit';
import { appsHandlers } from './apps/handlers.js';
import type { AuthConfig } from './config.js';
import type { AuthDependencies } from './dependencies.js';
import { loadDemoData } from './directory/demo-data.js';
import { directoryHandlers } from './directory/handlers.js';
import { findCallerNetworks } from './directory/networks.js';
import { migrateProfileNames } from './directory/profile-names-migration.js';
import { findProfilesForEmbed } from './directory/profiles.js';
import { groupsHandlers } from './groups/handlers.js';
import { findGroupsForEmbed } from './groups/themes.js';
import { type AuthModels, registerAuthModels } from './models.js';
import {
  type AuthorizationForm,
  startAuthorization,
  submitAuthorizationForm,
} from './oauth/authorization.js';
import { grantToken, type RevocationSink } from './oauth/grants.js';
import { type PasswordAttempt, passwordChecker } from './oauth/password-sign-in.js';
import { signInRulesFrom } from './oauth/sign-in-rules.js';
import { SignInThrottle } from './oauth/sign-in-throttle.js';
import {
  authorizationServerMetadata,
  introspectToken,
  lookupAccessToken,
  revokeToken,
} from './oauth/token-management.js';
import { settingsHandlers } from './settings/handlers.js';

/** The models, looked up when first used (the handler map is built before any database exists). */
function lazyModels(deps: () => AuthDependencies): AuthModels {
  return new Proxy({} as AuthModels, {
    get: (_target, key: string) => deps().models[key as keyof AuthModels],
  });
}

export type AuthHandlers = Record<string, RpcHandler>;

/**
 * Handlers of the route table's auth routes, by route id. `deps` is called when a handler runs, so
 * the map can be listed without a database (conformance test).
 */
export function routeHandlers(deps: () => AuthDependencies): AuthHandlers {
  const models = lazyModels(deps);
  // Hashes only, never tokens: the gateway drops them from its cache (ARCHITECTURE §7).
  const onRevoked: RevocationSink = async (tokenHashes) => {
    await deps().events.record('token', 'revoked', { data: { tokenHashes: [...tokenHashes] } });
  };
  const checkPassword = passwordChecker(() => ({
    models: deps().models,
    events: deps().events,
    throttle: deps().signInThrottle,
  }));
  // The client address comes from the gateway's envelope only, never from a body field.
  const fromAddress = (clientAddress: string | undefined) => (attempt: PasswordAttempt) =>
    checkPassword({ ...attempt, clientAddress });
  return {
    ...directoryHandlers(deps),
    ...groupsHandlers(deps),
    ...settingsHandlers(deps),
    ...appsHandlers(deps),
    'oauth.token': ({ ctx, body }) =>
      grantToken(models, body ?? {}, onRevoked, fromAddress(ctx.clientAddress)),
    'oauth.revoke': (request) => revokeToken(models, request.body ?? {}, onRevoked),
    'oauth.introspect': (request) => introspectToken(models, request.body ?? {}),
    'oauth.metadata': ({ ctx }) => Promise.resolve(authorizationServerMetadata(ctx.baseUrl ?? '')),
    'oauth.authorize': ({ ctx, query }) => startAuthorization(models, query, ctx),
    'oauth.consent': ({ ctx, body }) =>
      submitAuthorizationForm(models, body as AuthorizationForm, ctx, fromAddress(ctx.clientAddress)),
  };
}

/** Handlers of internal subjects (not HTTP routes). */
export function internalHandlers(models: AuthModels, networkDomain: string): Record<string, RpcHandler> {
  return {
    [internalSubjects.tokenLookup]: ({ body }: RpcRequest) => {
      const token = (body as { token?: unknown } | null)?.token;
      if (typeof token !== 'string') throw new DomainError('BAD_REQUEST', 'token is required.');
      return lookupAccessToken(models, token);
    },
    [internalSubjects.profilesBatch]: async ({ ctx, body }: RpcRequest) => {
      if (!ctx.networkEID || !ctx.principal?.profileEID) return [];
      return findProfilesForEmbed(models, ctx, requestedEIDs(body));
    },
    [internalSubjects.groupsBatch]: async ({ ctx, body }: RpcRequest) =>
      findGroupsForEmbed(models, ctx, requestedEIDs(body)),
    [internalSubjects.networksBatch]: ({ ctx, body }: RpcRequest) =>
      findCallerNetworks(models, ctx, requestedEIDs(body), networkDomain),
  };
}

/** `{ EIDs: string[] }` of a batch request, bounded. */
function requestedEIDs(body: unknown): string[] {
  const eids = (body as { EIDs?: unknown } | null)?.EIDs;
  if (!Array.isArray(eids) || eids.length > 1000 || !eids.every((e) => typeof e === 'string')) {
    throw new DomainError('BAD_REQUEST', 'EIDs must be an array of at most 1000 strings.');
  }
  return eids;
}

export function buildAuthService(
  runtime: ServiceRuntime,
  config: AuthConfig,
): ServiceModule & { models: AuthModels } {
  const models = registerAuthModels(runtime.db);
  const dependencies: AuthDependencies = {
    models,
    events: runtime.outbox,
    rpc: runtime.rpc,
    networkDomain: config.NETWORK_DOMAIN,
    signInThrottle: new SignInThrottle(models.SignInAttempt, signInRulesFrom(config)),
  };
  const byRoute = routeHandlers(() => dependencies);
  const handlers = new Map<string, RpcHandler>(
    Object.entries(internalHandlers(models, config.NETWORK_DOMAIN)),
  );
  for (const route of routesOf('auth')) {
    const handler = byRoute[route.id];
    if (!handler) throw new Error(`auth: route ${route.id} has no handler`);
    handlers.set(route.subject, handler);
  }
  return {
    models,
    handlers,
    async start() {
      await migrateProfileNames(models, runtime.logger);
      if (config.DEMO_DATA) {
        await loadDemoData(
          models,
          {
            password: config.DEMO_PASSWORD,
            clientId: config.DEMO_CLIENT_ID,
            clientSecret: config.DEMO_CLIENT_SECRET,
            app: {
              clientId: config.DEMO_APP_CLIENT_ID,
              clientSecret: config.DEMO_APP_CLIENT_SECRET,
              redirectUri: config.DEMO_APP_REDIRECT_URI,
            },
          },
          runtime.logger,
        );
      }
    },
  };
}

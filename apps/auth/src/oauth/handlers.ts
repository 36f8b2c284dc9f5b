/**
 * Handlers of the OAuth routes (`oauthRoutes` of the route table, and its token endpoint), by
 * route id. A constant: the conformance test lists it without a database.
 */
import { oauthRoutes } from '@ncs/contracts';
import { defineHandlers, type RouteHandler } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import type { OAuthDependencies } from './dependencies.js';
import type { AuthRoute } from '../core/requests.js';
import { startAuthorization, submitAuthorizationForm } from './authorization.js';
import { grantToken, type RevocationSink } from './grants.js';
import { passwordChecker, type PasswordChecker } from './password-sign-in.js';
import { authorizationServerMetadata, introspectToken, revokeToken } from './token-management.js';

/** Hashes only, never tokens: the gateway drops them from its cache (ARCHITECTURE §7). */
const recordRevocation =
  (events: EventSink): RevocationSink =>
  async (tokenHashes) => {
    await events.record('auth.token.revoked', {
      audience: { kind: 'internal' },
      data: { tokenHashes: [...tokenHashes] },
    });
  };

/** Passwords checked under the sign-in throttle; the client address comes from the gateway's envelope only, never from a body field. */
function checkPasswordFrom(deps: OAuthDependencies, clientAddress: string | undefined): PasswordChecker {
  const check = passwordChecker({ models: deps.models, events: deps.events, throttle: deps.signInThrottle });
  return (attempt) => check({ ...attempt, clientAddress });
}

/** `oauth.token` is in the route table's core, not in `oauthRoutes`. */
const tokenHandler: RouteHandler<AuthRoute<'oauth.token'>, OAuthDependencies> = ({ ctx, body }, deps) =>
  grantToken(deps.models, body, recordRevocation(deps.events), checkPasswordFrom(deps, ctx.clientAddress));

export const oauthHandlers = {
  'oauth.token': tokenHandler,
  ...defineHandlers<OAuthDependencies>()(oauthRoutes, {
    'oauth.authorize': ({ ctx, query }, { models }) => startAuthorization(models, query, ctx),
    'oauth.consent': ({ ctx, body }, deps) =>
      submitAuthorizationForm(deps.models, body, ctx, checkPasswordFrom(deps, ctx.clientAddress)),
    'oauth.revoke': ({ body }, { models, events }) => revokeToken(models, body, recordRevocation(events)),
    'oauth.introspect': ({ body }, { models }) => introspectToken(models, body),
    'oauth.metadata': ({ ctx }) => Promise.resolve(authorizationServerMetadata(ctx.baseUrl ?? '')),
  }),
};

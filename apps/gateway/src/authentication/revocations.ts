/**
 * Revoked tokens leave the principal cache at once: auth publishes their SHA-256 hashes (the cache
 * key) on `events.auth.token.revoked`; a core subscription also receives JetStream publications.
 */
import type { FastifyInstance } from 'fastify';
import type { NatsConnection } from 'nats';
import { tokenRevokedSubject, type DomainEvent } from '@ncs/contracts';
import { subscribeJson, type Logger } from '@ncs/service-kit';
import type { TokenAuthenticator } from './token-authenticator.js';

export function forgetRevokedTokens(
  app: FastifyInstance,
  deps: { readonly nats: NatsConnection; readonly logger: Logger },
  authenticator: TokenAuthenticator,
): void {
  const subscription = subscribeJson(
    deps.nats,
    tokenRevokedSubject,
    deps.logger,
    'revocation event',
    (event) => {
      const hashes = (event as DomainEvent<{ tokenHashes?: unknown }>).data.tokenHashes;
      if (Array.isArray(hashes))
        authenticator.forget(hashes.filter((h): h is string => typeof h === 'string'));
    },
  );
  app.addHook('onClose', (_instance, done) => {
    subscription.unsubscribe();
    done();
  });
}

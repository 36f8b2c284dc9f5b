/**
 * Revoked tokens leave the principal cache at once: auth publishes their SHA-256 hashes (the cache
 * key) on `events.auth.token.revoked`; a core subscription also receives JetStream publications.
 */
import type { FastifyInstance } from 'fastify';
import type { NatsConnection } from 'nats';
import { tokenRevokedSubject, type DomainEvent } from '@ncs/contracts';
import type { Logger } from '@ncs/service-kit';
import type { TokenAuthenticator } from './token-authenticator.js';

export function forgetRevokedTokens(
  app: FastifyInstance,
  deps: { readonly nats: NatsConnection; readonly logger: Logger },
  authenticator: TokenAuthenticator,
): void {
  const decoder = new TextDecoder();
  const subscription = deps.nats.subscribe(tokenRevokedSubject, {
    callback: (error, msg) => {
      if (error) return deps.logger.warn({ err: error }, 'revocation subscription failed');
      try {
        const event = JSON.parse(decoder.decode(msg.data)) as DomainEvent<{ tokenHashes?: unknown }>;
        const hashes = event.data.tokenHashes;
        if (Array.isArray(hashes))
          authenticator.forget(hashes.filter((h): h is string => typeof h === 'string'));
      } catch {
        deps.logger.warn({ subject: msg.subject }, 'unreadable revocation event ignored');
      }
    },
  });
  app.addHook('onClose', (_instance, done) => {
    subscription.unsubscribe();
    done();
  });
}

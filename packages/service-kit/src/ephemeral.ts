/**
 * The live stream's ephemeral events (contracts domain-events/ephemeral.ts: typing, presence) as a
 * producer sends them: one core NATS publish on the network's subject, nothing stored, no outbox.
 * Such an event is worth nothing a few seconds later, so a failed publish (a connection closed or
 * reconnecting) is dropped: it never fails the request that caused it.
 */
import { ephemeralSubject, type EphemeralEvent } from '@ncs/contracts';
import type { NatsConnection } from 'nats';
import type { Logger } from './logger.js';

/** Sends one ephemeral event; never throws. */
export type EphemeralPublisher = (event: EphemeralEvent) => void;

export function ephemeralPublisher(
  nats: Pick<NatsConnection, 'publish'>,
  logger: Logger,
): EphemeralPublisher {
  const encoder = new TextEncoder();
  return (event) => {
    const subject = ephemeralSubject(event.networkEID);
    try {
      nats.publish(subject, encoder.encode(JSON.stringify(event)));
    } catch (error) {
      // Debug only: a lost indicator is expected while NATS reconnects and harms nobody.
      logger.debug({ err: error, subject, type: event.type }, 'ephemeral event not published');
    }
  };
}

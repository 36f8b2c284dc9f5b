/**
 * Notices of the live stream: right after an alert of a recipient is written or marked
 * read, one core NATS message on the recipient's subject (`liveAlertsSubject`). It carries no data:
 * each gateway holding a stream of that person reads what changed (`internalSubjects.streamEvents`), so the
 * stream costs nothing while nobody listens. Core NATS: a notice lost (NATS restarting) only delays
 * an event until the next notice or resume, it never loses it (docs/decisions.md, "Notifications:
 * the live stream and the fault test").
 */
import type { NatsConnection } from 'nats';
import { liveAlertsSubject } from '@ncs/contracts';
import type { Logger } from '@ncs/service-kit';
import type { LiveNotices } from '../alerts/models.js';

const EMPTY = new Uint8Array(0);

export function liveNotices(nats: NatsConnection, logger: Logger): LiveNotices {
  return {
    changed(networkEID, recipientEID) {
      try {
        nats.publish(liveAlertsSubject(networkEID, recipientEID), EMPTY);
      } catch (error) {
        // A closed or draining connection: the stream catches up on its next read.
        logger.debug({ err: error }, 'live notice not published');
      }
    },
  };
}

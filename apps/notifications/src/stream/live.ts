/**
 * What the live stream learns from notifications: an alert reaching its recipient and alerts
 * marked read, recorded as domain events through the outbox. They join the network's event log
 * like every other event, so the gateway routes them to the recipient's open streams and replays
 * them on resume; the stream reads the alert itself when it delivers the event.
 */
import type { Outbox } from '@ncs/service-kit';
import type { LiveNotices } from '../alerts/models.js';

export function liveNotices(outbox: Pick<Outbox<'notifications'>, 'record'>): LiveNotices {
  return {
    async delivered({ networkEID, recipientEID, alertId, occurrenceId, alertType }) {
      await outbox.record('notifications.alert.delivered', {
        networkEID,
        audience: { kind: 'people', profileEIDs: [recipientEID] },
        data: {
          alertEID: alertId,
          recipient: { type: 'user', EID: recipientEID },
          occurrenceEID: occurrenceId,
          alertType,
        },
      });
    },
    async read(networkEID, readerEID, numMarked) {
      await outbox.record('notifications.alert.read', {
        networkEID,
        actor: { type: 'user', EID: readerEID },
        audience: { kind: 'people', profileEIDs: [readerEID] },
        data: { reader: { type: 'user', EID: readerEID }, numMarked },
      });
    },
  };
}

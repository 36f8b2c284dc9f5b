/**
 * Notifications: app alerts. `POST /networks/{networkEID}/apps/{appEID}/alerts`: auth
 * says who the recipients are (and refuses a caller that is not the app itself with `send_alerts`);
 * members get the `app` alert at once (deliverAlert: idempotent on the event id), pending invitees a
 * pending row delivered when they join (consumer.ts). Decisions: docs/decisions.md, "Notifications:
 * app alerts, the live stream and delivery guarantees".
 */
import { Types } from 'mongoose';
import {
  APP_ALERT_DATA_MAX_BYTES,
  DomainError,
  internalSubjects,
  toTimestamp,
  type AppAlertRecipient,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError, type RequestOf, type RpcClient } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import { deliverAlert } from '../alerts/writing.js';
import type { AppAlertModels } from './models.js';

type SendRequest = RequestOf<'appAlert.send'>;

/** The event id of an app alert for one recipient: one alert per send and person. */
export const appAlertEventId = (sendId: string) => `app:${sendId}`;

/** What the alert of a send looks like, for a recipient. */
export function appAlertOccurrence(
  networkEID: string,
  recipientEID: string,
  send: { sendId: string; appEID: string; appData: Record<string, unknown> | null; created: Date },
) {
  const app = { type: 'app', EID: send.appEID };
  return {
    networkEID,
    recipientEID,
    type: 'app' as const,
    eventId: appAlertEventId(send.sendId),
    occurredAt: send.created,
    subject: app,
    originator: app,
    groupEIDs: [],
    appData: send.appData,
  };
}

/** Each recipient with the index of the entry naming it, for problem details. */
function fieldOf(body: SendRequest['body'], name: { EID?: string; XID?: string }): string {
  const index = body.recipients.findIndex((r) => ('EID' in r ? r.EID === name.EID : r.XID === name.XID));
  return `/body/recipients/${index}/${name.EID !== undefined ? 'EID' : 'XID'}`;
}

export async function sendAppAlert(
  deps: { alerts: AlertModels; appAlerts: AppAlertModels; rpc: RpcClient },
  ctx: RequestContext,
  params: SendRequest['params'],
  body: SendRequest['body'],
) {
  // Auth decides who may send (the app itself, `send_alerts`) and who the recipients are.
  const appData = body.appData ?? null;
  if (appData !== null && Buffer.byteLength(JSON.stringify(appData)) > APP_ALERT_DATA_MAX_BYTES) {
    throw new DomainError('NOTIFICATIONS_ERR_APP_DATA_TOO_LARGE', undefined, [
      { pointer: '/body/appData', message: `at most ${APP_ALERT_DATA_MAX_BYTES} bytes as JSON` },
    ]);
  }
  const EIDs = body.recipients.flatMap((r) => ('EID' in r ? [r.EID] : []));
  const XIDs = body.recipients.flatMap((r) => ('XID' in r ? [r.XID] : []));
  const reply = await deps.rpc.request(internalSubjects.appAlertRecipients, {
    ctx,
    body: { appEID: params.appEID, EIDs, XIDs },
  });
  if (reply.unknown.length > 0) {
    throw new DomainError(
      'NOTIFICATIONS_ERR_RECIPIENT_UNKNOWN',
      undefined,
      reply.unknown.map((name) => ({
        pointer: fieldOf(body, name),
        message: `${name.EID ?? name.XID} is neither a member nor a pending invitee of the network`,
      })),
    );
  }
  const networkEID = ctx.networkEID!;
  const send = {
    sendId: new Types.ObjectId().toHexString(),
    appEID: params.appEID,
    appData,
    created: new Date(),
  };
  const people = [...new Map(reply.recipients.map((r) => [r.profileEID, r])).values()];
  const pending = people.filter((r) => r.pending);
  if (pending.length > 0) {
    try {
      await deps.appAlerts.PendingAppAlert.insertMany(
        pending.map((r) => ({
          networkEID,
          profileEID: r.profileEID,
          sendId: send.sendId,
          appEID: send.appEID,
          appData: appData === null ? null : JSON.stringify(appData),
          created: send.created,
        })),
        { ordered: false },
      );
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  // Joined between auth's answer and the rows' insert (their activation event may be handled
  // already): asked again, such a person is delivered now. Both ways use the same event id: once.
  const joined = pending.length === 0 ? [] : await joinedMeanwhile(deps.rpc, ctx, params.appEID, pending);
  const members = people.filter((r) => !r.pending || joined.includes(r.profileEID));
  for (const member of members) {
    await deliverAlert(deps.alerts, appAlertOccurrence(networkEID, member.profileEID, send));
  }
  if (joined.length > 0) {
    await deps.appAlerts.PendingAppAlert.deleteMany({
      networkEID,
      profileEID: { $in: joined },
      sendId: send.sendId,
    });
  }
  return {
    type: 'app_alert',
    EID: send.sendId,
    numDelivered: members.length,
    numPending: pending.length - joined.length,
    created: toTimestamp(send.created),
  };
}

/** The pending recipients that are active by now. */
async function joinedMeanwhile(
  rpc: RpcClient,
  ctx: RequestContext,
  appEID: string,
  pending: readonly AppAlertRecipient[],
): Promise<string[]> {
  const again = await rpc.request(internalSubjects.appAlertRecipients, {
    ctx,
    body: { appEID, EIDs: pending.map((r) => r.profileEID), XIDs: [] },
  });
  return again.recipients.filter((r) => !r.pending).map((r) => r.profileEID);
}

/**
 * Notifications: app alerts. Who an app alert reaches (`internalSubjects.appAlertRecipients`):
 * the app of the path must be installed in the network (else 404) and be the caller, holding
 * `send_alerts` (else -415);
 * EIDs and XIDs resolve to the network's active or pending profiles (a pending profile is an
 * invitation not yet accepted). Two queries on indexes that start with the network or the XID key.
 */
import {
  DomainError,
  isEid,
  type AppAlertRecipient,
  type AppAlertRecipientsReply,
  type RequestContext,
} from '@ncs/contracts';
import type { ProfileDoc } from '../core/models.js';
import type { AppsStore } from './dependencies.js';
import { findInstalledNetwork, isAppCaller } from '../core/app-callers.js';

export const SEND_ALERTS = 'send_alerts';
const REACHABLE: ('active' | 'pending')[] = ['active', 'pending'];
const MAX_NAMES = 100;

/** `{ appEID, EIDs, XIDs }` of the request: the names, arrays of at most 100 strings each. */
function namesOf(body: unknown): { appEID: unknown; EIDs: string[]; XIDs: string[] } {
  const given = (body ?? {}) as { appEID?: unknown; EIDs?: unknown; XIDs?: unknown };
  const list = (value: unknown) =>
    Array.isArray(value) && value.length <= MAX_NAMES && value.every((v) => typeof v === 'string')
      ? value
      : null;
  const [EIDs, XIDs] = [list(given.EIDs ?? []), list(given.XIDs ?? [])];
  if (EIDs === null || XIDs === null)
    throw new DomainError('BAD_REQUEST', 'EIDs and XIDs: arrays of strings.');
  return { appEID: given.appEID, EIDs, XIDs };
}

export async function appAlertRecipients(
  models: AppsStore,
  ctx: RequestContext,
  body: unknown,
): Promise<AppAlertRecipientsReply> {
  const { appEID, EIDs, XIDs } = namesOf(body);
  const networkEID = ctx.networkEID;
  // The app of the path not installed in the network: 404, whoever asks (never reveal more).
  if (
    !isEid(networkEID) ||
    !isEid(appEID) ||
    !(await models.Installation.exists({ networkEID, clientId: appEID }))
  ) {
    throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND', 'No such app in this network.');
  }
  // Only that app itself, with `send_alerts` there, sends its alerts.
  const permissions = ctx.principal?.permissions ?? [];
  if (!isAppCaller(ctx) || ctx.principal?.appEID !== appEID || !permissions.includes(SEND_ALERTS)) {
    throw new DomainError('NOTIFICATIONS_ERR_SEND_ALERTS_FORBIDDEN');
  }
  await findInstalledNetwork(models, ctx);
  const validEIDs = EIDs.filter((eid) => /^[0-9a-f]{24}$/.test(eid));
  const projection = { _id: 1, userState: 1, XID: 1 };
  const [byEid, byXid] = await Promise.all([
    validEIDs.length === 0
      ? []
      : models.Profile.find(
          { networkEID, _id: { $in: validEIDs }, userState: { $in: REACHABLE } },
          projection,
        ).lean<ProfileDoc[]>(),
    XIDs.length === 0
      ? []
      : models.Profile.find(
          {
            networkEID,
            xidKey: { $in: XIDs.map((xid) => `${networkEID}/${xid}`) },
            userState: { $in: REACHABLE },
          },
          projection,
        ).lean<ProfileDoc[]>(),
  ]);
  const recipients: AppAlertRecipient[] = [];
  const unknown: { EID?: string; XID?: string }[] = [];
  for (const EID of EIDs) {
    const found = byEid.find((p) => String(p._id) === EID);
    if (found) recipients.push({ profileEID: EID, pending: found.userState === 'pending', EID });
    else unknown.push({ EID });
  }
  for (const XID of XIDs) {
    const found = byXid.find((p) => p.XID === XID);
    if (found)
      recipients.push({ profileEID: String(found._id), pending: found.userState === 'pending', XID });
    else unknown.push({ XID });
  }
  return { appEID, recipients, unknown };
}

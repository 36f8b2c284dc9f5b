/**
 * Types, fields and app posting: the stored fields a new message takes from the body (checked per
 * type, types.ts), what the resource shows of them, and announcements superseding older ones.
 * Decisions: docs/decisions.md, "Messaging: types, fields and app posting".
 */
import type { CallerGroupAccess } from '@ncs/contracts';
import type { RequestOf, RpcClient } from '@ncs/service-kit';
import type { Caller } from './access.js';
import type { WriteDeps } from './deps.js';
import type { MessageDoc } from './models.js';
import { messageSummary } from './presentation.js';
import { recipientFieldsOf } from './recipients.js';
import { requireParticipantMentions } from './recipient-edits.js';
import { appDataJsonOf, requireTypePoster } from './types.js';
import { timelineAudience } from './audience.js';

type CreateBody = RequestOf<'message.create'>['body'];

/** The stored fields common to people's and apps' posts (`parentFolder`: files/parent-folder.ts). */
export function commonTypeFieldsOf(body: CreateBody) {
  return {
    reactable: body.reactable ?? true,
    embeds: (body.embeds ?? []).map((embed) => ({ url: embed.url, title: embed.title ?? null })),
    headerBackground: body.headerBackground ?? null,
    appDataJson: appDataJsonOf(body.appData),
  };
}

/** The stored fields of this concern for a person's post (a private message: on no timeline). */
export async function typeFieldsOf(
  rpc: RpcClient,
  caller: Caller,
  access: CallerGroupAccess,
  body: CreateBody,
) {
  const groupEID = body.group?.EID ?? null;
  requireTypePoster(body.type, access, groupEID);
  const recipientFields = await recipientFieldsOf(rpc, caller, body.recipients);
  requireParticipantMentions(recipientFields.participantEIDs, body.mentions); // recipients on edit
  return { ...commonTypeFieldsOf(body), ...recipientFields };
}

/** A comment on a private message is read by the same participants. */
export function commentTypeFieldsOf(parent: Pick<MessageDoc, 'participantEIDs'>) {
  return parent.participantEIDs?.length ? { participantEIDs: [...parent.participantEIDs] } : {};
}

/**
 * A new announcement on a timeline supersedes the older ones there (`superseded`, one event
 * each). Bounded: at most one announcement per timeline is not superseded.
 */
export async function supersedeOlder({ models, outbox }: WriteDeps, message: MessageDoc, actor: object) {
  if (message.type !== 'announcement' || !message.timelineKey) return;
  const filter = {
    networkEID: message.networkEID,
    timelineKey: message.timelineKey,
    type: 'announcement' as const,
    superseded: false,
    _id: { $ne: message._id },
  };
  const older = await models.Message.find(filter).limit(20).lean<MessageDoc[]>();
  if (older.length === 0) return;
  await models.Message.updateMany(
    { networkEID: message.networkEID, _id: { $in: older.map((doc) => doc._id) } },
    { $set: { superseded: true } },
  );
  for (const doc of older) {
    await outbox.record('messaging.message.superseded', {
      networkEID: message.networkEID,
      actor: actor as { type: string; EID: string },
      audience: timelineAudience(doc.groupEID),
      data: {
        message: messageSummary(doc),
        supersededBy: { type: 'announcement', EID: String(message._id) },
      },
    });
  }
}

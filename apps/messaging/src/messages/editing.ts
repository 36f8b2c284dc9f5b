/**
 * Message actions, editing. `PUT …/messages/{messageEID}/` is a partial edit: what it names
 * changes, the rest stays. The author's new `htmlBody` is sanitised again, with `searchTokens`
 * recomputed by the function posting uses; `mentions` replace the list (the newly mentioned get
 * their event); each feature checks and sets its own fields in the same write; `lastEdited` is
 * stamped; records `events.messaging.message.edited`.
 */
import { DomainError } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from './access.js';
import { requireEditor } from './action-rules.js';
import type { WriteDeps } from './deps.js';
import type { MessageDoc } from './models.js';
import { messageSummary, presentOne, userRef } from './presentation.js';
import { findReadableMessage } from './reading.js';
import { searchTokensOf } from './search-tokens.js';
import { sanitisedBody } from './writing.js';
import { checkedMentions, recordMentions } from './mentions.js';
import {
  followParticipants,
  recipientChangeOf,
  recipientEventData,
  requireParticipantMentions,
} from './recipient-edits.js';
import type { EditPart } from './features.js';
import { checkOwnedFields } from './types.js';
import { messageAudience } from './audience.js';

type EditBody = RequestOf<'message.edit'>['body'];

export async function editMessage(
  { models, rpc, outbox }: WriteDeps,
  caller: Caller,
  messageEID: string,
  body: EditBody,
) {
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  requireEditor(message, caller);
  checkOwnedFields(message.type, body); // `title` on anything but news, `event` but an event
  // Left out, the body stays: an event's location can change without its details "changing".
  const htmlBody = body.htmlBody === undefined ? message.htmlBody : sanitisedBody(body.htmlBody);
  const recipients = await recipientChangeOf(rpc, caller, message, body); // recipients on edit
  requireParticipantMentions(recipients?.set.participantEIDs ?? message.participantEIDs, body.mentions);
  const mentions = body.mentions && (await checkedMentions(rpc, caller, body.mentions));
  const input = { deps: { rpc, outbox }, caller, message, body, htmlBody, now: new Date() };
  const parts: (EditPart | undefined)[] = [];
  for (const feature of models.features) parts.push(await feature.edit?.(input));
  const edited = await models.Message.findOneAndUpdate(
    { _id: message._id, networkEID: caller.networkEID, removedAt: null },
    {
      $set: {
        ...(body.htmlBody !== undefined ? { htmlBody, searchTokens: searchTokensOf(htmlBody) } : {}),
        lastEdited: input.now,
        ...(mentions ? { mentions } : {}),
        ...recipients?.set,
        ...(Object.assign({}, ...parts.map((part) => part?.set ?? {})) as object),
      },
    },
    { returnDocument: 'after' },
  ).lean<MessageDoc>();
  if (!edited) throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  if (recipients) await followParticipants(models, edited, recipients);
  await outbox.record('messaging.message.edited', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: messageAudience(edited),
    data: {
      message: messageSummary(edited),
      previousHtmlBody: message.htmlBody,
      ...recipientEventData(recipients),
    },
  });
  await recordMentions(outbox, edited, message.mentions ?? []); // the newly mentioned only
  for (const part of parts) await part?.after?.(edited);
  return presentOne(models, caller, edited);
}

/**
 * Message actions, editing. `PUT …/messages/{messageEID}/` is a partial edit: what it
 * names changes, the rest stays. The author's new `htmlBody` is sanitised again, with
 * `searchTokens` recomputed by the function posting uses (a news item's `title`; `mentions`
 * replace the list, the newly mentioned get their event); `lastEdited` is stamped; records
 * `events.messaging.message.edited`.
 */
import { DomainError } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from './access.js';
import { requireEditor } from './action-rules.js';
import type { WriteDeps } from './deps.js';
import type { MessageDoc } from './models.js';
import { messageSummary, presentOne, userRef } from './presentation.js';
import { findReadableMessage } from './reading.js';
import { searchTokensOf } from '../search/tokens.js';
import { sanitisedBody } from './writing.js';
import { checkedMentions, recordMentions } from './mentions.js';
import {
  followParticipants,
  recipientChangeOf,
  recipientEventData,
  requireParticipantMentions,
} from './recipient-edits.js';
// Events.
import { eventEditFor, recordEventEdit } from '../events/editing.js';
// Files: attachments.
import { replaceAttachments } from '../files/attachments.js';
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
  if (body.title !== undefined && message.type !== 'news') {
    throw new DomainError('MESSAGING_ERR_NEWS_ONLY_FIELD', undefined, [
      { pointer: '/body/title', message: 'is taken for news only' },
    ]);
  }
  // Left out, the body stays: an event's location can change without its details "changing".
  const htmlBody = body.htmlBody === undefined ? message.htmlBody : sanitisedBody(body.htmlBody);
  const recipients = await recipientChangeOf(rpc, caller, message, body); // recipients on edit
  requireParticipantMentions(recipients?.set.participantEIDs ?? message.participantEIDs, body.mentions);
  const mentions = body.mentions && (await checkedMentions(rpc, caller, body.mentions));
  const eventEdit = eventEditFor(message, body, htmlBody, new Date()); // concern: events
  const attachments = await replaceAttachments(models, caller, message, body); // Files: attachments
  const edited = await models.Message.findOneAndUpdate(
    { _id: message._id, networkEID: caller.networkEID, removedAt: null },
    {
      $set: {
        ...(body.htmlBody !== undefined ? { htmlBody, searchTokens: searchTokensOf(htmlBody) } : {}),
        lastEdited: new Date(),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(mentions ? { mentions } : {}),
        ...recipients?.set,
        ...eventEdit?.set, // concern: events: the event object and its bubble
        ...attachments, // Files: the new lists
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
  await recordEventEdit({ models, outbox }, caller, message, edited, eventEdit); // concern: events
  return presentOne(models, caller, edited);
}

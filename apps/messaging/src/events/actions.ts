/**
 * Events. The event actions, each allowed only with the message permission of
 * the same name (events/rules.ts, else 403): `rsvp` (answering again replaces the answer by a
 * compare-and-set of the caller's row; `responderCounts` is then set from the rows and checked
 * again, so concurrent answers stay counted right on MongoDB and FerretDB), `cancel` and `reinstate` (compare-and-set on `event.canceled`: a
 * second cancel is 409). Cancelling records `events.messaging.message.canceled` (alert
 * `event_canceled` to the invitees of a private event); reinstating `…reinstated` (no alert).
 */
import { DomainError, rsvpAnswers, type RsvpAnswer } from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import { reread } from '../messages/writing.js';
import { eventSummary } from './presentation.js';
import { isOpenEvent, isPrivateEvent, mayCancel, mayRsvp } from './rules.js';
import { messageAudience } from '../messages/audience.js';
import type { EventStore } from './models.js';

type EventDoc = MessageDoc & { event: NonNullable<MessageDoc['event']> };

async function findEvent(deps: WriteDeps<EventStore>, caller: Caller, messageEID: string): Promise<EventDoc> {
  const { message } = await findReadableMessage(deps.models, deps.rpc, caller, messageEID);
  if (message.type !== 'event' || !message.event) throw new DomainError('EVENTS_ERR_NOT_AN_EVENT');
  return message as EventDoc;
}

/** Sets the caller's answer (compare-and-set on the row); the answer it replaced, null before any. */
async function swapAnswer(
  models: EventStore,
  caller: Caller,
  message: EventDoc,
  rsvp: RsvpAnswer,
): Promise<RsvpAnswer | null> {
  const key = {
    networkEID: caller.networkEID,
    messageEID: String(message._id),
    profileEID: caller.profileEID,
  };
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const row = await models.EventResponse.findOne(key, { rsvp: 1 }).lean<{ rsvp: RsvpAnswer | null }>();
    if (!row) {
      try {
        await models.EventResponse.create({ ...key, rsvp, end: message.event.end });
        return null;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        continue; // answered meanwhile: compare-and-set against that answer
      }
    }
    const previous = row.rsvp ?? null;
    if (previous === rsvp) return rsvp;
    const swapped = await models.EventResponse.updateOne({ ...key, rsvp: previous }, { $set: { rsvp } });
    if (swapped.modifiedCount === 1) return previous;
  }
  throw new DomainError('CONFLICT');
}

/** The answers counted from the rows (index `{networkEID, messageEID, rsvp}`). */
async function countAnswers(models: EventStore, message: EventDoc) {
  const [yes, no, maybe] = await Promise.all(
    rsvpAnswers.map((rsvp) =>
      models.EventResponse.countDocuments({
        networkEID: message.networkEID,
        messageEID: String(message._id),
        rsvp,
      }),
    ),
  );
  return { yes: yes ?? 0, no: no ?? 0, maybe: maybe ?? 0 };
}

/**
 * `responderCounts` set from the rows, then checked again: a writer whose counts went stale
 * meanwhile writes again, so the last write holds the counts of every answer given (FerretDB 1.24
 * applies `$inc` as a read and a write: of 20 parallel increments 9 were kept).
 */
async function recountResponders(models: EventStore, message: EventDoc) {
  let counts = await countAnswers(models, message);
  for (let round = 0; round < 5; round += 1) {
    await models.Message.updateOne(
      { _id: message._id, networkEID: message.networkEID },
      { $set: { 'event.responderCounts': counts } },
    );
    const again = await countAnswers(models, message);
    if (again.yes === counts.yes && again.no === counts.no && again.maybe === counts.maybe) return;
    counts = again;
  }
}

export async function answerEvent(
  deps: WriteDeps<EventStore>,
  caller: Caller,
  messageEID: string,
  rsvp: RsvpAnswer,
) {
  const message = await findEvent(deps, caller, messageEID);
  if (!mayRsvp(message.event, caller.profileEID)) throw new DomainError('EVENTS_ERR_RSVP_FORBIDDEN');
  if (!isOpenEvent(message.event, new Date())) throw new DomainError('EVENTS_ERR_CLOSED');
  const previous = await swapAnswer(deps.models, caller, message, rsvp);
  if (previous !== rsvp) {
    await recountResponders(deps.models, message);
    await deps.outbox.record('messaging.message.rsvp', {
      networkEID: caller.networkEID,
      actor: userRef(caller.profileEID),
      audience: messageAudience(message),
      data: { message: messageSummary(message), responder: userRef(caller.profileEID), rsvp, previous },
    });
  }
  return reread(deps.models, caller, message);
}

/** Cancels (`canceled: true`) or reinstates an event; the author only, each once per state. */
export async function setCanceled(
  deps: WriteDeps<EventStore>,
  caller: Caller,
  messageEID: string,
  canceled: boolean,
) {
  const message = await findEvent(deps, caller, messageEID);
  if (!mayCancel(message, caller.profileEID)) {
    throw new DomainError(canceled ? 'EVENTS_ERR_CANCEL_FORBIDDEN' : 'EVENTS_ERR_REINSTATE_FORBIDDEN');
  }
  const { models, outbox } = deps;
  const changed = await models.Message.findOneAndUpdate(
    { _id: message._id, networkEID: caller.networkEID, 'event.canceled': !canceled },
    { $set: { 'event.canceled': canceled } },
    { returnDocument: 'after' },
  ).lean<MessageDoc>();
  if (!changed) throw new DomainError(canceled ? 'EVENTS_ERR_ALREADY_CANCELED' : 'EVENTS_ERR_NOT_CANCELED');
  await models.EventResponse.updateMany(
    { networkEID: caller.networkEID, messageEID: String(message._id) },
    { $set: { closed: canceled } },
  );
  const invitees = isPrivateEvent(message.event) ? (message.event.inviteeEIDs ?? []) : [];
  await outbox.record(canceled ? 'messaging.message.canceled' : 'messaging.message.reinstated', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: messageAudience(changed),
    data: {
      message: messageSummary(changed),
      event: eventSummary(changed),
      ...(canceled && invitees.length > 0
        ? {
            alert: 'event_canceled',
            recipients: invitees.filter((EID) => EID !== caller.profileEID).map(userRef),
          }
        : {}),
    },
  });
  return reread(models, caller, changed);
}

/** A removed event's invitations no longer count as unanswered (concern: removal). */
export async function closeEventResponses(models: EventStore, message: MessageDoc) {
  if (message.type !== 'event') return;
  await models.EventResponse.updateMany(
    { networkEID: message.networkEID, messageEID: String(message._id) },
    { $set: { closed: true } },
  );
}

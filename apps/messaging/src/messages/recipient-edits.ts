/**
 * Private-message recipients on edit. The author's `addedRecipients` (checked with auth
 * like `recipients`) and `removedRecipients` change `recipientEIDs` and `participantEIDs` (the
 * author stays first); the removed are kept in `excludedRecipientEIDs`, shown to the author only as
 * `$excludedRecipients`. A private message and its comments mention only its participants.
 * Decisions: docs/decisions.md, "Messaging: actions, editing, removal, subscriptions, mentions, apps".
 */
import { DomainError, RECIPIENTS_MAX_ITEMS } from '@ncs/contracts';
import type { RequestOf, RpcClient } from '@ncs/service-kit';
import type { Caller } from './access.js';
import type { MessageDoc } from './models.js';
import { userRef } from './presentation.js';
import { activeRecipientEIDs } from './recipients.js';
import type { CoreStore } from './features.js';

type EditBody = RequestOf<'message.edit'>['body'];
type Refs = readonly { readonly EID: string }[] | undefined;

/** What an edit changes of a private message's recipients (nothing when it names none). */
export interface RecipientChange {
  readonly set: {
    recipientEIDs: string[];
    participantEIDs: string[];
    excludedRecipientEIDs: string[];
  };
  readonly added: string[];
  readonly removed: string[];
}

/** The new recipient lists: added first applied, then removed (a pure rule). */
export function recipientsAfter(
  message: Pick<MessageDoc, 'authorEID' | 'recipientEIDs' | 'excludedRecipientEIDs'>,
  added: readonly string[],
  removed: readonly string[],
): RecipientChange {
  const before = message.recipientEIDs ?? [];
  const gone = new Set(removed);
  const kept = [...new Set([...before, ...added])].filter(
    (EID) => !gone.has(EID) && EID !== message.authorEID,
  );
  const addedNow = kept.filter((EID) => !before.includes(EID));
  const removedNow = before.filter((EID) => !kept.includes(EID));
  const excluded = [...new Set([...(message.excludedRecipientEIDs ?? []), ...removedNow])].filter(
    (EID) => !kept.includes(EID),
  );
  return {
    set: {
      recipientEIDs: kept,
      participantEIDs: [message.authorEID, ...kept],
      excludedRecipientEIDs: excluded,
    },
    added: addedNow,
    removed: removedNow,
  };
}

/** The edit's change of recipients, checked: 400 naming the field when wrong; undefined if none. */
export async function recipientChangeOf(
  rpc: RpcClient,
  caller: Caller,
  message: MessageDoc,
  body: EditBody,
): Promise<RecipientChange | undefined> {
  const { addedRecipients, removedRecipients } = body;
  if (addedRecipients === undefined && removedRecipients === undefined) return undefined;
  if (message.type !== 'private_message') {
    const field = addedRecipients !== undefined ? 'addedRecipients' : 'removedRecipients';
    throw new DomainError('MESSAGING_ERR_FIELD_NOT_FOR_TYPE', undefined, [
      { pointer: `/body/${field}`, message: 'is taken for a private message only' },
    ]);
  }
  const added = addedRecipients
    ? await activeRecipientEIDs(rpc, caller, addedRecipients, 'addedRecipients')
    : [];
  const change = recipientsAfter(
    message,
    added,
    (removedRecipients ?? []).map((r) => r.EID),
  );
  const count = change.set.recipientEIDs.length;
  if (count === 0 || count > RECIPIENTS_MAX_ITEMS) {
    throw new DomainError('MESSAGING_ERR_RECIPIENTS_EDIT', undefined, [
      {
        pointer: count === 0 ? '/body/removedRecipients' : '/body/addedRecipients',
        message: count === 0 ? 'leaves nobody but the author' : `leaves more than ${RECIPIENTS_MAX_ITEMS}`,
      },
    ]);
  }
  return change;
}

/** Its comments are read by the same participants (one updateMany on the thread index). */
export async function followParticipants(models: CoreStore, message: MessageDoc, change: RecipientChange) {
  await models.Message.updateMany(
    { networkEID: message.networkEID, parentEID: String(message._id) },
    { $set: { participantEIDs: change.set.participantEIDs } },
  );
}

/** The edited event's part: who was added and removed. */
export const recipientEventData = (change: RecipientChange | undefined) =>
  change
    ? { addedRecipients: change.added.map(userRef), removedRecipients: change.removed.map(userRef) }
    : {};

/**
 * A private message (or its comment) mentions only its participants: else 400 -334 naming
 * `/body/mentions/{i}/EID`. Other messages: no rule here.
 */
export function requireParticipantMentions(
  participantEIDs: readonly string[] | null | undefined,
  mentions: Refs,
) {
  if (!participantEIDs?.length || !mentions) return;
  const outsider = mentions.findIndex((mention) => !participantEIDs.includes(mention.EID));
  if (outsider >= 0) {
    throw new DomainError('MESSAGING_ERR_MENTION_OUTSIDER', undefined, [
      { pointer: `/body/mentions/${outsider}/EID`, message: 'is not a participant of this private message' },
    ]);
  }
}

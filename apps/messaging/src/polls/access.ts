/**
 * Polls: the poll of a `/polls/{pollEID}/…` request. The gateway scoped the request to
 * the poll's network (`networkFrom`); here the caller's standing is asked of auth as it is now, so
 * a poll the caller may not read (a group's without `view_group_timeline`, or a network the caller
 * has just left) is 404 like a poll that does not exist.
 */
import { DomainError, isEid } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { findReadableMessage } from '../messages/reading.js';
import type { StoredPoll } from './rules.js';
import type { PollStore } from './model.js';

/** Not found for the caller, whichever check refused (nothing tells them apart). */
const NOT_FOUND_NAMES = new Set(['MESSAGING_ERR_MESSAGE_NOT_FOUND', 'AUTH_ERR_NETWORK_NOT_FOUND']);

export type PollMessage = MessageDoc & { readonly poll: StoredPoll };

export async function findReadablePoll(models: PollStore, rpc: RpcClient, caller: Caller, pollEID: string) {
  try {
    const found = await findReadableMessage(models, rpc, caller, pollEID);
    if (found.message.type !== 'poll' || !found.message.poll)
      throw new DomainError('MESSAGING_ERR_POLL_NOT_FOUND');
    return { message: found.message as PollMessage, access: found.access };
  } catch (error) {
    if (error instanceof DomainError && NOT_FOUND_NAMES.has(error.errorName)) {
      throw new DomainError('MESSAGING_ERR_POLL_NOT_FOUND');
    }
    throw error;
  }
}

/** The gateway's question for `networkFrom`: the network of a poll, null when there is none. */
export async function networkOfPoll(models: PollStore, EID: unknown): Promise<{ networkEID: string | null }> {
  if (!isEid(EID)) return { networkEID: null };
  // By `_id` alone: the gateway then checks the caller's membership of the network it names.
  const poll = await models.Message.findById(EID, { networkEID: 1, type: 1, removedAt: 1 }).lean<
    Pick<MessageDoc, 'networkEID' | 'type' | 'removedAt'>
  >();
  return { networkEID: poll && poll.type === 'poll' && !poll.removedAt ? poll.networkEID : null };
}

/**
 * Message actions, mentions. A message or comment names the people it mentions in its
 * body's `mentions` (references); each must be an active member of the network, as auth answers
 * over NATS (`profilesBatch`, one batch for the whole list), else 400 naming the item. Each person
 * mentioned (but the author) gets ONE `events.messaging.message.mentioned` event (alert `mention`).
 */
import { DomainError, internalSubjects } from '@ncs/contracts';
import type { Outbox, RpcClient } from '@ncs/service-kit';
import type { Caller } from './access.js';
import type { MessageDoc } from './models.js';
import { messageSummary, userRef } from './presentation.js';
import { peopleAudience } from './audience.js';

/** The distinct EIDs of `mentions`, each checked with auth: 400 -331 naming the first unknown one. */
export async function checkedMentions(
  rpc: RpcClient,
  caller: Caller,
  mentions: readonly { readonly EID: string }[] | undefined,
): Promise<string[]> {
  if (!mentions || mentions.length === 0) return [];
  const EIDs = [...new Set(mentions.map((mention) => mention.EID))];
  const profiles = await rpc.request(internalSubjects.profilesBatch, {
    ctx: caller.ctx,
    body: { EIDs },
  });
  const active = new Set(
    profiles.filter((profile) => (profile.userState ?? 'active') === 'active').map((profile) => profile.EID),
  );
  const unknown = mentions.findIndex((mention) => !active.has(mention.EID));
  if (unknown >= 0) {
    throw new DomainError('MESSAGING_ERR_MENTION_UNKNOWN', undefined, [
      { pointer: `/body/mentions/${unknown}/EID`, message: 'is not an active member of the network' },
    ]);
  }
  return EIDs;
}

/**
 * One `mentioned` event per person the message mentions (an edit: those `before` did not), its
 * author left out.
 */
export async function recordMentions(
  outbox: Outbox,
  message: MessageDoc,
  before: readonly string[] = [],
): Promise<void> {
  for (const EID of message.mentions ?? []) {
    if (EID === message.authorEID || before.includes(EID)) continue;
    await outbox.record('messaging.message.mentioned', {
      networkEID: message.networkEID,
      actor: userRef(message.authorEID),
      audience: peopleAudience([EID]),
      data: { alert: 'mention', recipient: userRef(EID), message: messageSummary(message) },
    });
  }
}

/**
 * The recipients of a private message: profile references checked with auth in one batch
 * (`profilesBatch`, the profiles of the request's network); each must be an active member, else a
 * 400 naming the failing item. The author is a participant without being a recipient.
 */
import { DomainError, internalSubjects } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from './access.js';

/**
 * The distinct EIDs of `refs` but the author's, each an active member as auth answers (one batch),
 * else 400 -339 naming `/body/{field}/{i}/EID`.
 */
export async function activeRecipientEIDs(
  rpc: RpcClient,
  caller: Caller,
  refs: readonly { readonly EID: string }[],
  field: string,
): Promise<string[]> {
  const EIDs = [...new Set(refs.map((r) => r.EID).filter((EID) => EID !== caller.profileEID))];
  const found = await rpc.request(internalSubjects.profilesBatch, {
    ctx: caller.ctx,
    body: { EIDs },
  });
  const active = new Set(found.filter((p) => (p.userState ?? 'active') === 'active').map((p) => p.EID));
  const missing = refs.findIndex((r) => r.EID !== caller.profileEID && !active.has(r.EID));
  if (missing >= 0) {
    throw new DomainError('MESSAGING_ERR_RECIPIENT_NOT_FOUND', undefined, [
      { pointer: `/body/${field}/${missing}/EID`, message: 'is not an active member of the network' },
    ]);
  }
  return EIDs;
}

/** The stored fields of a private message: its recipients and participants (author first). */
export async function recipientFieldsOf(
  rpc: RpcClient,
  caller: Caller,
  recipients: readonly { readonly EID: string }[] | undefined,
) {
  if (recipients === undefined) return {};
  const EIDs = await activeRecipientEIDs(rpc, caller, recipients, 'recipients');
  if (EIDs.length === 0) {
    throw new DomainError('MESSAGING_ERR_FIELD_NOT_FOR_TYPE', undefined, [
      { pointer: '/body/recipients', message: 'names nobody but the author' },
    ]);
  }
  return { recipientEIDs: EIDs, participantEIDs: [caller.profileEID, ...EIDs], timelineKey: null };
}

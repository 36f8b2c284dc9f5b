/**
 * The recipients of a private message: profile references checked with auth in one batch
 * (`profilesBatch`, the profiles of the request's network); each must be an active member, else a
 * 400 naming the failing item. The author is a participant without being a recipient.
 */
import { DomainError, internalSubjects } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from './access.js';

interface ProfileSeen {
  readonly EID: string;
  readonly userState?: string;
}

/** The stored fields of a private message: its recipients and participants (author first). */
export async function recipientFieldsOf(
  rpc: RpcClient,
  caller: Caller,
  recipients: readonly { readonly EID: string }[] | undefined,
) {
  if (recipients === undefined) return {};
  const EIDs = [...new Set(recipients.map((r) => r.EID).filter((EID) => EID !== caller.profileEID))];
  const found = await rpc.request<ProfileSeen[]>(internalSubjects.profilesBatch, {
    ctx: caller.ctx,
    body: { EIDs },
  });
  const active = new Set(found.filter((p) => (p.userState ?? 'active') === 'active').map((p) => p.EID));
  const missing = recipients.findIndex((r) => r.EID !== caller.profileEID && !active.has(r.EID));
  if (missing >= 0) {
    throw new DomainError('MESSAGING_ERR_RECIPIENT_NOT_FOUND', undefined, [
      { pointer: `/body/recipients/${missing}/EID`, message: 'is not an active member of the network' },
    ]);
  }
  if (EIDs.length === 0) {
    throw new DomainError('MESSAGING_ERR_FIELD_NOT_FOR_TYPE', undefined, [
      { pointer: '/body/recipients', message: 'names nobody but the author' },
    ]);
  }
  return { recipientEIDs: EIDs, participantEIDs: [caller.profileEID, ...EIDs], timelineKey: null };
}

/**
 * User profile timelines: posting to a profile follows auth's postable-types rules, asked over
 * NATS (`internalSubjects.postableTypes`, one batch); messaging never reads auth's store.
 */
import { DomainError, internalSubjects, type PostableTypesItem } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';

/** What the caller may post on each profile of `EIDs` in the caller's network (others left out). */
export function postableTypesOf(
  rpc: RpcClient,
  caller: Caller,
  EIDs: readonly string[],
): Promise<PostableTypesItem[]> {
  return rpc.request(internalSubjects.postableTypes, {
    ctx: caller.ctx,
    body: { EIDs: [...EIDs] },
  });
}

/** A profile of the caller's network, or 404 -311 (another network's is not found either). */
export async function requireProfile(rpc: RpcClient, caller: Caller, profileEID: string, pointer?: string) {
  const [found] = await postableTypesOf(rpc, caller, [profileEID]);
  if (!found) {
    throw new DomainError(
      'MESSAGING_ERR_PROFILE_NOT_FOUND',
      undefined,
      pointer ? [{ pointer, message: 'names no user of this network' }] : undefined,
    );
  }
  return found;
}

/**
 * The profile a new message goes to (`body.profile`), checked against auth's postable types: not
 * with a `group` (400 -313), a profile of the network (404 -311), a type it takes (403 -312).
 */
export async function profileTargetOf(
  rpc: RpcClient,
  caller: Caller,
  body: { readonly type: string; readonly profile?: { readonly EID: string }; readonly group?: unknown },
): Promise<string | null> {
  if (!body.profile) return null;
  if (body.group) {
    throw new DomainError('MESSAGING_ERR_PROFILE_AND_GROUP', undefined, [
      { pointer: '/body/profile', message: 'cannot be given with group' },
    ]);
  }
  const found = await requireProfile(rpc, caller, body.profile.EID, '/body/profile/EID');
  if (!found.types.includes(body.type)) {
    throw new DomainError('MESSAGING_ERR_NOT_POSTABLE', undefined, [
      {
        pointer: '/body/type',
        message: `is not postable on that profile (${found.types.join(', ') || 'none'})`,
      },
    ]);
  }
  return body.profile.EID;
}

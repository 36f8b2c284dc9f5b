/**
 * Who calls, and where they stand: messaging never reads auth's store; it asks auth over NATS
 * (`groupAccess`, one request per HTTP request, every group concerned in one batch), so a
 * membership or role change is honoured at the next request.
 */
import {
  DomainError,
  internalSubjects,
  isEid,
  type CallerGroupAccess,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';

export interface Caller {
  readonly networkEID: string;
  readonly profileEID: string;
  readonly ctx: RequestContext;
}

/** The caller inside the request's network; the gateway has checked membership. App tokens: 403. */
export function callerOf(ctx: RequestContext): Caller {
  const profileEID = ctx.principal?.profileEID;
  if (!isEid(ctx.networkEID)) throw new DomainError('MESSAGING_ERR_MESSAGE_NOT_FOUND');
  if (!profileEID) throw new DomainError('MESSAGING_ERR_USER_CALLER_REQUIRED');
  return { networkEID: ctx.networkEID, profileEID, ctx };
}

/**
 * The caller's network role and standing in `groupEIDs` as auth's store has them now. A caller no
 * longer active in the network is 404 (from auth).
 */
export function accessOf(
  rpc: RpcClient,
  caller: Caller,
  groupEIDs: readonly (string | null)[],
): Promise<CallerGroupAccess> {
  const EIDs = [...new Set(groupEIDs.filter((eid): eid is string => eid !== null))].sort();
  // Asked once per request and set of groups: a feature presenting the page (pins' affordances)
  // reads the standing the handler asked for a moment before, without a second round trip.
  let asked = askedInRequest.get(caller.ctx);
  if (!asked) askedInRequest.set(caller.ctx, (asked = new Map<string, Promise<CallerGroupAccess>>()));
  const key = EIDs.join(',');
  let answer = asked.get(key);
  if (!answer) {
    answer = rpc.request(internalSubjects.groupAccess, { ctx: caller.ctx, body: { EIDs } });
    asked.set(key, answer);
  }
  return answer;
}

/** The answers of one request (its context object), dropped with it. */
const askedInRequest = new WeakMap<object, Map<string, Promise<CallerGroupAccess>>>();

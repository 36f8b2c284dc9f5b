/**
 * The users collection's filter `commented`: people who commented on a message the caller may read.
 * Messaging owns messages: auth asks it over NATS (`internalSubjects.commenters`, keyset pages of
 * profile EIDs) and never reads its store; messaging answers 400 naming `commented` for a message
 * the caller may not read. At most `COMMENTED_FILTER_MAX` commenters are considered.
 */
import { internalSubjects, type RequestContext } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';

/** Most commenters one `commented` filter considers (the first by profile EID). */
export const COMMENTED_FILTER_MAX = 2_000;
const PAGE = 500;

/** The profile EIDs of the commenters of `messageEID`, or undefined when the query names none. */
export async function profilesWhoCommented(
  rpc: RpcClient,
  ctx: RequestContext,
  messageEID: string | undefined,
): Promise<string[] | undefined> {
  if (messageEID === undefined) return undefined;
  const found: string[] = [];
  let after: string | null = null;
  while (found.length < COMMENTED_FILTER_MAX) {
    const page: { profileEIDs: string[] } = await rpc.request(internalSubjects.commenters, {
      ctx,
      body: { messageEID, after, limit: PAGE },
    });
    found.push(...page.profileEIDs);
    if (page.profileEIDs.length < PAGE) break;
    after = page.profileEIDs.at(-1) ?? null;
  }
  return found.slice(0, COMMENTED_FILTER_MAX);
}

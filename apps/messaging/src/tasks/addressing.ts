/**
 * Who a new task goes to, asked of auth (messaging never reads auth's store): the named people
 * must be active members of the network (one `profilesBatch`), and of the group the task is posted
 * to; the addressed groups need the caller's `post_message`; their members come from auth's
 * `addresseesPage` (keyset pages by EID).
 */
import {
  DomainError,
  internalSubjects,
  TASK_ASSIGNMENTS_MAX,
  type AddresseesPage,
  type CallerGroupAccess,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { visibleGroup } from '../messages/rules.js';

/** Largest group read whole (a group task's assignees are checked against its members). */
const GROUP_READ_MAX = 10_000;

/** The active members of a group, by EID, at most `max` (one more tells "too many"). */
export async function groupMemberEIDs(
  rpc: RpcClient,
  caller: Caller,
  groupEID: string,
  max: number,
): Promise<string[]> {
  const EIDs: string[] = [];
  let after: string | null = null;
  do {
    const page: AddresseesPage = await rpc.request(internalSubjects.addresseesPage, {
      ctx: caller.ctx,
      body: { groupEID, after, limit: 1000 },
    });
    EIDs.push(...page.items.map((item) => item.EID));
    after = page.next;
  } while (after !== null && EIDs.length <= max);
  return EIDs;
}

const notMember = (index: number, message: string) =>
  new DomainError('TASKS_ERR_ASSIGNEE_NOT_MEMBER', undefined, [
    { pointer: `/body/task/assignees/${index}/EID`, message },
  ]);

/** The distinct EIDs of the named people: each an active member of the network (and of `groupEID`). */
export async function checkedAssignees(
  rpc: RpcClient,
  caller: Caller,
  refs: readonly { readonly EID: string }[],
  groupEID: string | null,
): Promise<string[]> {
  const EIDs = [...new Set(refs.map((ref) => ref.EID))];
  if (EIDs.length === 0) return [];
  const found = await rpc.request(internalSubjects.profilesBatch, {
    ctx: caller.ctx,
    body: { EIDs },
  });
  const active = new Set(found.filter((p) => (p.userState ?? 'active') === 'active').map((p) => p.EID));
  const outsider = refs.findIndex((ref) => !active.has(ref.EID));
  if (outsider >= 0) throw notMember(outsider, 'is not an active member of the network');
  if (groupEID !== null) {
    const members = new Set(await groupMemberEIDs(rpc, caller, groupEID, GROUP_READ_MAX));
    const outside = refs.findIndex((ref) => !members.has(ref.EID));
    if (outside >= 0) throw notMember(outside, 'is not an active member of the group the task is posted to');
  }
  return EIDs;
}

/**
 * The addressed groups: each visible to the caller with `post_message` (else 404 / 403 naming it),
 * read from the post's one access request (the task feature names them in `groupsOfNew`).
 */
export function checkedGroups(
  access: CallerGroupAccess,
  refs: readonly { readonly EID: string }[],
): string[] {
  const EIDs = [...new Set(refs.map((ref) => ref.EID))];
  if (EIDs.length === 0) return [];
  refs.forEach((ref, index) => {
    const group = visibleGroup(access, ref.EID);
    const details = [{ pointer: `/body/task/groups/${index}/EID`, message: 'needs post_message' }];
    if (!group) throw new DomainError('MESSAGING_ERR_GROUP_NOT_FOUND', undefined, details);
    if (!group.permissions.includes('post_message')) {
      throw new DomainError('TASKS_ERR_GROUP_NOT_ADDRESSABLE', undefined, details);
    }
  });
  return EIDs;
}

/** A split task's assignments: each person with the addressed groups they came with (bounded). */
export async function splitAssignments(
  rpc: RpcClient,
  caller: Caller,
  people: readonly string[],
  groupEIDs: readonly string[],
): Promise<Map<string, string[]>> {
  const assignments = new Map<string, string[]>(people.map((EID) => [EID, []]));
  for (const groupEID of groupEIDs) {
    for (const EID of await groupMemberEIDs(rpc, caller, groupEID, TASK_ASSIGNMENTS_MAX)) {
      assignments.set(EID, [...(assignments.get(EID) ?? []), groupEID]);
    }
  }
  if (assignments.size > TASK_ASSIGNMENTS_MAX) {
    throw new DomainError('TASKS_ERR_TOO_MANY_ASSIGNEES', undefined, [
      { pointer: '/body/task', message: `makes more than ${TASK_ASSIGNMENTS_MAX} assignments` },
    ]);
  }
  return assignments;
}

/**
 * Who may see an event of the log, decided where the gateway routes it: the event's audience
 * (core/audience.ts) against the standing of the person whose stream it is. Pure; tested in
 * visibility.test.ts.
 */
import type { EventAudience } from '@ncs/contracts';

/** What one person may see in the network their stream is of (auth's `streamAudience`). */
export interface Standing {
  readonly profileEID: string;
  /** A network administrator: sees what the network's administrators see. */
  readonly admin: boolean;
  /** Whether they let the network see their presence. */
  readonly showPresence: boolean;
  /** The groups they are an active member of, and whether they administer each. */
  readonly groups: ReadonlyMap<string, { readonly admin: boolean }>;
}

/**
 * Whether the person may see an event of their network addressed to `audience`. A group's events
 * reach its members (a public group's non-members read it when they look, but are not pushed its
 * events: docs/decisions.md, "Live content: the event log and who receives what"); an event for
 * services only reaches nobody.
 */
export function maySee(audience: EventAudience, standing: Standing): boolean {
  switch (audience.kind) {
    case 'network':
      return true;
    case 'group':
      return standing.groups.has(audience.groupEID);
    case 'people':
      return audience.profileEIDs.includes(standing.profileEID);
    case 'admins':
      return standing.admin;
    case 'group_admins':
      return (
        standing.admin ||
        standing.groups.get(audience.groupEID)?.admin === true ||
        (audience.profileEIDs?.includes(standing.profileEID) ?? false)
      );
    case 'internal':
      return false;
  }
}

/** The person an event of the directory or of groups is about, when their standing may change. */
export function standingChangeOf(event: {
  readonly type: string;
  readonly actor?: { readonly EID: string };
  readonly data: unknown;
}): string | undefined {
  if (event.type === 'auth.group.created') return event.actor?.EID;
  if (!event.type.startsWith('auth.membership.')) return undefined;
  const user = (event.data as { user?: { EID?: unknown } } | null)?.user?.EID;
  return typeof user === 'string' ? user : undefined;
}

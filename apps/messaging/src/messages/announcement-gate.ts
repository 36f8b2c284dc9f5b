/**
 * The 1.4.8 gate `messages.eventRenamedAnnouncement` on writing (spec: Versioning): a client older
 * than 1.4.8 posts an announcement as `type: 'event'`; messaging stores and answers the latest
 * representation (`announcement`; the gateway renames it back for that client). From 1.4.8
 * `event` is not an announcement: the gateway's body schema refuses it first, and so does this.
 * Decisions: docs/decisions.md, "Messaging: types, fields and app posting".
 */
import { isGateOpen, LEGACY_ANNOUNCEMENT_TYPE, type RequestContext } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import { fieldProblem } from './types.js';

type CreateBody = RequestOf<'message.create'>['body'];
type LatestType = Exclude<CreateBody['type'], typeof LEGACY_ANNOUNCEMENT_TYPE>;
/** A create body with a type of the latest version. */
export type LatestCreateBody = CreateBody & { readonly type: LatestType };

/** The create body in the latest version's terms: `event` (before 1.4.8) is an announcement. */
export function latestCreateBody(ctx: Pick<RequestContext, 'version'>, body: CreateBody): LatestCreateBody {
  const { type } = body;
  if (type !== LEGACY_ANNOUNCEMENT_TYPE) return { ...body, type };
  if (isGateOpen('messages.eventRenamedAnnouncement', ctx.version)) {
    throw fieldProblem('type', 'is `announcement` from API version 1.4.8 on');
  }
  return { ...body, type: 'announcement' };
}

/**
 * The 1.4.8 gate `messages.eventRenamedAnnouncement` on writing (spec: Versioning): a client older
 * than 1.4.8 posts an announcement as `type: 'event'`; messaging stores and answers the latest
 * representation (`announcement`; the gateway renames it back for that client). Events:
 * from 1.4.8 `event` is a calendar event (events/). Decisions: docs/decisions.md,
 * "Messaging: types, fields and app posting" and "Messaging: events and RSVP".
 */
import { isGateOpen, LEGACY_ANNOUNCEMENT_TYPE, type RequestContext } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';

type CreateBody = RequestOf<'message.create'>['body'];
/** A create body in the latest version's terms (`event` is a calendar event). */
export type LatestCreateBody = CreateBody;

/** The create body in the latest version's terms: `event` (before 1.4.8) is an announcement. */
export function latestCreateBody(ctx: Pick<RequestContext, 'version'>, body: CreateBody): LatestCreateBody {
  if (
    body.type !== LEGACY_ANNOUNCEMENT_TYPE ||
    isGateOpen('messages.eventRenamedAnnouncement', ctx.version)
  ) {
    return body;
  }
  return { ...body, type: 'announcement' };
}

/**
 * The 1.4.8 gate `messages.eventRenamedAnnouncement` (spec: Versioning): before 1.4.8 an
 * announcement is called `event`. The body of `message.create` by version: older clients may post
 * `type: 'event'` (messaging stores an announcement); from 1.4.8 `event` is refused (400 naming
 * `/body/type`) until calendar events come. Reading: the gateway renames the resource (gates.ts).
 * Decisions: docs/decisions.md, "Messaging: types, fields and app posting".
 */
import { Type } from '@sinclair/typebox';
import { MessageCreateBody } from './resources.js';

/** The type older clients post for an announcement. */
export const LEGACY_ANNOUNCEMENT_TYPE = 'event';

const latestTypes = MessageCreateBody.properties.type.anyOf;

/** Before 1.4.8: the latest body whose `type` says `event` where it now says `announcement`. */
const MessageCreateBodyBefore148 = Type.Object(
  {
    ...MessageCreateBody.properties,
    type: Type.Union(
      [
        // Events: from 1.4.8 `event` is a calendar event; before it, an announcement.
        ...latestTypes.filter((literal) => literal.const !== 'announcement' && literal.const !== 'event'),
        Type.Literal(LEGACY_ANNOUNCEMENT_TYPE),
      ],
      { description: 'As from 1.4.8, with `event` (an announcement) in place of `announcement`' },
    ),
  },
  { additionalProperties: false },
);

/** The variant of `message.create`'s body before 1.4.8 (the route takes `MessageCreateBody` from 1.4.8). */
export const createBodyBefore148 = {
  range: { until: '1.4.8' },
  schema: MessageCreateBodyBefore148,
} as const;

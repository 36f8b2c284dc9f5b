/**
 * Who may see a domain event (ARCHITECTURE §6): the envelope's `audience` (subjects.ts
 * `DomainEvent`), which a producer fills and the gateway routes by. The catalogue
 * (domain-events/) lists, per event, the kinds it may carry.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Eid } from './schemas.js';

/** Every kind of audience an event may have. */
export const audienceKinds = ['network', 'group', 'people', 'admins', 'group_admins', 'internal'] as const;
export type AudienceKind = (typeof audienceKinds)[number];

/** Each kind's envelope field: what a producer fills, what the gateway routes by. */
export const audienceSchemas = {
  /** Every member of the event's network (`networkEID` of the envelope). */
  network: Type.Object(
    { kind: Type.Literal('network') },
    { additionalProperties: false, description: "Every member of the event's network" },
  ),
  /** Those who may see the group (its members; a public group's network too). */
  group: Type.Object(
    { kind: Type.Literal('group'), groupEID: Eid },
    { additionalProperties: false, description: 'Those who may see the group `groupEID`' },
  ),
  /** Named profiles of the event's network: participants, recipients, one person. */
  people: Type.Object(
    { kind: Type.Literal('people'), profileEIDs: Type.Array(Eid, { minItems: 1, uniqueItems: true }) },
    { additionalProperties: false, description: "The named profiles of the event's network" },
  ),
  /** The administrators of the event's network. */
  admins: Type.Object(
    { kind: Type.Literal('admins') },
    { additionalProperties: false, description: "The event's network's administrators" },
  ),
  /**
   * The administrators of one group (who see its invitations and membership requests: its admins,
   * the network's), and the person the event is about when it names one (an invitee, an asker),
   * who may see it too.
   */
  group_admins: Type.Object(
    {
      kind: Type.Literal('group_admins'),
      groupEID: Eid,
      profileEIDs: Type.Optional(Type.Array(Eid, { minItems: 1, uniqueItems: true })),
    },
    {
      additionalProperties: false,
      description: 'The administrators of the group `groupEID`, and the profiles `profileEIDs` names',
    },
  ),
  /** No person: services only (token revocation, an app's own manifest). */
  internal: Type.Object(
    { kind: Type.Literal('internal') },
    { additionalProperties: false, description: 'No person: services only' },
  ),
} as const;

/** Who may see an event: the envelope field a producer fills. */
export const EventAudience = Type.Union(
  audienceKinds.map((kind) => audienceSchemas[kind]),
  { description: 'Who may see the event' },
);
export type EventAudience = Static<typeof EventAudience>;

/** The audience of one kind. */
export type AudienceOfKind<K extends AudienceKind> = Extract<EventAudience, { kind: K }>;

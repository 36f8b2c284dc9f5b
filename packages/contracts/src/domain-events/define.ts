/**
 * One entry of the domain event catalogue (ARCHITECTURE §6): the service that records the event,
 * its entity and verb (subject `events.<service>.<entity>.<verb>`, type `<service>.<entity>.<verb>`),
 * when it is recorded, the TypeBox schema of its `data`, and the kinds of audience it may carry:
 * who may see it. The audience is not on the envelope yet; `EventAudience` is the field a producer
 * will fill, narrowed per event to the kinds its definition lists.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ServiceName } from '../core/envelope.js';
import { Eid, strictObject } from '../core/schemas.js';

/** Every kind of audience an event may have. */
export const audienceKinds = ['network', 'group', 'people', 'admins', 'internal'] as const;
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

/** A subject token of an entity or a verb: lower case words joined by `_`. */
const TOKEN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export interface EventDefinitionInput<
  S extends ServiceName,
  E extends string,
  V extends string,
  A extends readonly [AudienceKind, ...AudienceKind[]],
  D extends TSchema,
> {
  readonly service: S;
  readonly entity: E;
  readonly verb: V;
  /** One line: when the event is recorded. */
  readonly description: string;
  /** The kinds of audience the event may carry, as the producer's code decides it. */
  readonly audience: A;
  /** The schema of the event's `data`. */
  readonly data: D;
}

export interface EventDefinition<
  S extends ServiceName = ServiceName,
  E extends string = string,
  V extends string = string,
  A extends readonly [AudienceKind, ...AudienceKind[]] = readonly [AudienceKind, ...AudienceKind[]],
  D extends TSchema = TSchema,
> extends EventDefinitionInput<S, E, V, A, D> {
  /** The envelope's `type`: `<service>.<entity>.<verb>`. */
  readonly name: `${S}.${E}.${V}`;
  /** The JetStream subject: `events.<service>.<entity>.<verb>`. */
  readonly subject: `events.${S}.${E}.${V}`;
}

/** Any definition of the catalogue. */
export type AnyEventDefinition = EventDefinition;

/** Defines one domain event; the entity and the verb must be one subject token each. */
export function defineEvent<
  const S extends ServiceName,
  const E extends string,
  const V extends string,
  const A extends readonly [AudienceKind, ...AudienceKind[]],
  D extends TSchema,
>(input: EventDefinitionInput<S, E, V, A, D>): EventDefinition<S, E, V, A, D> {
  for (const [what, token] of [
    ['entity', input.entity],
    ['verb', input.verb],
  ] as const) {
    if (!TOKEN.test(token)) throw new TypeError(`defineEvent: ${what} "${token}" is not one subject token`);
  }
  if (new Set(input.audience).size !== input.audience.length) {
    throw new TypeError(`defineEvent: ${input.entity}.${input.verb} lists an audience kind twice`);
  }
  return {
    ...input,
    name: `${input.service}.${input.entity}.${input.verb}`,
    subject: `events.${input.service}.${input.entity}.${input.verb}`,
  };
}

/** The schema of the audiences one definition may carry (a union of its kinds). */
export function audienceSchemaOf(definition: Pick<AnyEventDefinition, 'audience'>): TSchema {
  const kinds = definition.audience.map((kind) => audienceSchemas[kind]);
  return kinds.length === 1 ? kinds[0]! : Type.Union(kinds);
}

// Shapes several events share. Each is what the producer's helper builds, field by field.

/**
 * `{ type, EID }` of one type: core's `Ref(type)` (the same JSON schema), with the type's literal
 * kept in the static type too.
 */
export const RefOf = <T extends string>(type: T) => strictObject({ type: Type.Literal(type), EID: Eid });
/** `{ type, EID }` of a person (`userRef` of every service). */
export const UserRef = RefOf('user');
/** `{ type: 'group', EID }`. */
export const GroupRef = RefOf('group');
/** A list of people (`recipients`, `assignees`…). */
export const UserRefs = Type.Array(UserRef);

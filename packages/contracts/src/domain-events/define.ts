/**
 * One entry of the domain event catalogue (ARCHITECTURE §6): the service that records the event,
 * its entity and verb (subject `events.<service>.<entity>.<verb>.<networkEID>`, type
 * `<service>.<entity>.<verb>`),
 * when it is recorded, the TypeBox schema of its `data`, and the kinds of audience it may carry:
 * who may see it: the envelope's `audience` (`EventAudience`, core/audience.ts), narrowed per event
 * to the kinds its definition lists.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { audienceSchemas, type AudienceKind } from '../core/audience.js';
import type { ServiceName } from '../core/envelope.js';
import { Eid, strictObject } from '../core/schemas.js';

// The audience is the envelope's field (core/subjects.ts `DomainEvent`): its schemas live in core.
export {
  audienceKinds,
  audienceSchemas,
  EventAudience,
  type AudienceKind,
  type AudienceOfKind,
} from '../core/audience.js';

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
  /**
   * The JetStream subject filter of the event in every network: `events.<service>.<entity>.<verb>.*`
   * (the last token is the event's network, core/subjects.ts).
   */
  readonly subject: `events.${S}.${E}.${V}.*`;
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
    subject: `events.${input.service}.${input.entity}.${input.verb}.*`,
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

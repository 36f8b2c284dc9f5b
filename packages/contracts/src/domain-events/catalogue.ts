/**
 * The domain event catalogue (ARCHITECTURE §6): every event a service records through its outbox,
 * keyed by its type `<service>.<entity>.<verb>` (subject `events.<service>.<entity>.<verb>.<networkEID>`), with
 * the TypeBox schema of its `data` and the kinds of audience it may carry. Producers record by name
 * (`outbox.record('kb.page.published', { audience, data })`, both typed from here); consumers list
 * the names they take (`startEventConsumer({ events })`) or narrow with `isCatalogueEvent`, and
 * read `CatalogueEvent`s. docs/events.md is generated from here (`node scripts/events-doc.mjs`).
 *
 * Adding an event:
 * 1. In the producer's file here (`auth.ts`, `messaging.ts`, `kb.ts`, `notifications.ts`; a new service: a new file
 *    with its `…Events` list, spread into `eventCatalogue` below), add a `defineEvent({ service,
 *    entity, verb, description, audience, data })`: `description` one line on when it is recorded;
 *    `audience` the kinds of `EventAudience` the producer may address it to (a group's message:
 *    `group`; the network's timeline: `network`; named people: `people`; `admins`; `internal` when no
 *    person may see it); `data` exactly what the call site puts in (`strictObject` when the shape
 *    is closed, `Type.Optional` for what the code adds only sometimes, shapes other events share in
 *    `define.ts` or at the top of the service's file). Only `../core/…` and TypeBox are imported here.
 * 2. Record it in the service (`outbox.record('<service>.<entity>.<verb>', …)`). A name held in a
 *    variable: list its values in `VARIABLE_NAMES` of catalogue.test.ts, which checks that every
 *    recorded event is here and every entry here is recorded somewhere.
 *    Then run `node scripts/events-doc.mjs` (after a build) to regenerate docs/events.md.
 * 3. Add a sample payload of the call site's shape to `SAMPLES` of catalogue.test.ts.
 * 4. A consumer subscribes by subject (`eventSubjectOf(name)`, or a wildcard: check it with
 *    `subjectsMatching`); the test checks every subscribed subject against the catalogue.
 */
import type { Static } from '@sinclair/typebox';
import type { ServiceName } from '../core/envelope.js';
import type { DomainEvent } from '../core/subjects.js';
import { authEvents } from './auth.js';
import { type AnyEventDefinition, type AudienceOfKind } from './define.js';
import { kbEvents } from './kb.js';
import { messagingEvents } from './messaging.js';
import { notificationsEvents } from './notifications.js';

/** The definitions keyed by name. */
type Keyed<T extends readonly AnyEventDefinition[]> = { readonly [D in T[number] as D['name']]: D };

function keyed<const T extends readonly AnyEventDefinition[]>(definitions: T): Keyed<T> {
  const catalogue: Record<string, AnyEventDefinition> = {};
  for (const definition of definitions) {
    if (catalogue[definition.name] !== undefined) {
      throw new TypeError(`eventCatalogue: ${definition.name} is defined twice`);
    }
    catalogue[definition.name] = definition;
  }
  return Object.freeze(catalogue) as Keyed<T>;
}

/** Every domain event, by `<service>.<entity>.<verb>`. */
export const eventCatalogue = keyed([...authEvents, ...messagingEvents, ...kbEvents, ...notificationsEvents]);

export type EventCatalogue = typeof eventCatalogue;
/** The name (envelope `type`) of a catalogued event: `<service>.<entity>.<verb>`. */
export type EventName = Extract<keyof EventCatalogue, string>;
/** The definition of one event. */
export type EventDefinitionOf<N extends EventName> = EventCatalogue[N];
/** The `data` of one event. */
export type EventData<N extends EventName> = Static<EventCatalogue[N]['data']>;
/** The audiences one event may carry. */
export type EventAudienceOf<N extends EventName> = AudienceOfKind<EventCatalogue[N]['audience'][number]>;
/** The names of one service's events: what its outbox may record. */
export type EventNameOf<S extends ServiceName> = Extract<EventName, `${S}.${string}`>;
/** A catalogued event as a consumer receives it. */
export type CatalogueEvent<N extends EventName = EventName> = {
  [M in N]: Omit<DomainEvent<EventData<M>>, 'type' | 'audience'> & {
    readonly type: M;
    readonly audience: EventAudienceOf<M>;
  };
}[N];

/** Every catalogued name. */
export const eventNames = Object.keys(eventCatalogue) as EventName[];

/** Whether a string is a catalogued event name. */
export function isEventName(name: string): name is EventName {
  return Object.hasOwn(eventCatalogue, name);
}

/**
 * Whether an envelope is one of the catalogued events `names` (by its `type`), narrowing it to
 * their `CatalogueEvent`. The payload is trusted as the producer typed it, not validated here.
 */
export function isCatalogueEvent<const N extends EventName>(
  event: DomainEvent,
  names: N | readonly N[],
): event is DomainEvent & CatalogueEvent<N> {
  return typeof names === 'string' ? event.type === names : (names as readonly string[]).includes(event.type);
}

/** The JetStream subject filter of an event in every network: `events.<service>.<entity>.<verb>.*`. */
export function eventSubjectOf<N extends EventName>(name: N): `events.${N}.*` {
  return eventCatalogue[name].subject as `events.${N}.*`;
}

/** Whether a NATS subject filter (`*`: one token, `>`: one or more, last only) matches a subject. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const tokens = subject.split('.');
  for (let i = 0; i < wanted.length; i += 1) {
    const token = wanted[i]!;
    if (token === '>') return i === wanted.length - 1 && tokens.length > i;
    if (i >= tokens.length) return false;
    if (token !== '*' && token !== tokens[i]) return false;
  }
  return wanted.length === tokens.length;
}

/**
 * The catalogued subjects a subscription's filter (NATS wildcards `*` and `>`) receives, in
 * catalogue order: empty when it names no catalogued event.
 */
export function subjectsMatching(pattern: string): string[] {
  return eventNames.map((name) => eventCatalogue[name].subject).filter((s) => subjectMatches(pattern, s));
}

/**
 * A recorded event checked against the catalogue: it is catalogued, stored under its own subject,
 * its `data` validates against its schema (ajv, as strict as catalogue-schemas.test.ts) and its
 * `audience` is one of the kinds its definition lists. For tests (the end-to-end run's outboxes,
 * e2e/platform/recorded-events.test.ts), hence its own entry point
 * (`@ncs/contracts/event-validation`): services do not load ajv for it.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { eventCatalogue, isEventName, type EventName } from './catalogue.js';
import { NO_NETWORK } from '../core/subjects.js';
import { audienceSchemaOf } from './define.js';

const ajv = new Ajv({ strict: true, allErrors: true });
addFormats.default(ajv);
const dataValidators = new Map<EventName, ValidateFunction>();
const audienceValidators = new Map<EventName, ValidateFunction>();

function validatorOf(cache: Map<EventName, ValidateFunction>, name: EventName, schema: object) {
  const known = cache.get(name);
  if (known !== undefined) return known;
  const validate = ajv.compile(schema);
  cache.set(name, validate);
  return validate;
}

/** One stored outbox document: the subject it is published on and the event's JSON text. */
export interface StoredEvent {
  readonly subject: string;
  readonly payload: string;
}

/** What is wrong with one stored event (empty: nothing). */
export function recordedEventProblems(stored: StoredEvent): string[] {
  let event: { type?: unknown; data?: unknown; audience?: unknown; id?: unknown };
  try {
    event = JSON.parse(stored.payload) as typeof event;
  } catch {
    return ['payload is not JSON'];
  }
  const { type } = event;
  if (typeof type !== 'string' || !isEventName(type)) return [`type ${String(type)} is not catalogued`];
  const definition = eventCatalogue[type];
  const problems: string[] = [];
  const networkEID = (event as { networkEID?: unknown }).networkEID;
  const logSubject = definition.subject.replace(
    /\*$/,
    typeof networkEID === 'string' ? networkEID : NO_NETWORK,
  );
  if (stored.subject !== logSubject) problems.push(`stored under ${stored.subject}, not ${logSubject}`);
  const validData = validatorOf(dataValidators, type, definition.data);
  if (!validData(event.data)) problems.push(`data: ${ajv.errorsText(validData.errors)}`);
  if (event.audience === undefined) {
    problems.push('no audience');
  } else {
    const validAudience = validatorOf(audienceValidators, type, audienceSchemaOf(definition));
    if (!validAudience(event.audience)) {
      problems.push(
        `audience ${JSON.stringify(event.audience)} is not one of ${definition.audience.join(', ')} (${ajv.errorsText(validAudience.errors)})`,
      );
    }
  }
  return problems;
}

/**
 * Errors of events and RSVP: codes -380 … -394. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order. An inverted range is the shared -38
 * `INVALID_DATE_RANGE` (core/errors.ts).
 */
import type { ErrorDefinition } from '../core/errors.js';

export const eventsErrors = {
  EVENTS_ERR_NOT_AN_EVENT: {
    status: 400,
    code: -380,
    title: 'Bad Request',
    message: 'The message is not an event.',
  },
  EVENTS_ERR_RSVP_FORBIDDEN: {
    status: 403,
    code: -381,
    title: 'Forbidden',
    message: 'You may not answer this event (permission rsvp).',
  },
  EVENTS_ERR_CANCEL_FORBIDDEN: {
    status: 403,
    code: -382,
    title: 'Forbidden',
    message: 'You may not cancel this event (permission cancel).',
  },
  EVENTS_ERR_REINSTATE_FORBIDDEN: {
    status: 403,
    code: -383,
    title: 'Forbidden',
    message: 'You may not reinstate this event (permission reinstate).',
  },
  EVENTS_ERR_EVENT_REQUIRED: {
    status: 400,
    code: -384,
    title: 'Bad Request',
    message: 'A message of type event needs its event object.',
  },
  EVENTS_ERR_ALREADY_CANCELED: {
    status: 409,
    code: -385,
    title: 'Conflict',
    message: 'The event is already canceled.',
  },
  EVENTS_ERR_NOT_CANCELED: {
    status: 409,
    code: -386,
    title: 'Conflict',
    message: 'The event is not canceled.',
  },
  EVENTS_ERR_CLOSED: {
    status: 409,
    code: -387,
    title: 'Conflict',
    message: 'The event is canceled or has ended: it takes no RSVP.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Errors of polls: codes -365 … -379. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const pollsErrors = {
  MESSAGING_ERR_POLL_NOT_FOUND: {
    status: 404,
    code: -365,
    title: 'Not Found',
    message: 'The poll does not exist.',
  },
  MESSAGING_ERR_POLL_INVALID: {
    status: 400,
    code: -366,
    title: 'Bad Request',
    message: 'A poll needs distinct answers and an end time in the future (at most a year ahead).',
  },
  MESSAGING_ERR_POLL_ENDED: {
    status: 409,
    code: -367,
    title: 'Conflict',
    message: 'The poll has ended: it takes no more votes until it is reactivated.',
  },
  MESSAGING_ERR_POLL_NOT_ENDED: {
    status: 409,
    code: -368,
    title: 'Conflict',
    message: 'The poll has not ended: only an ended poll is reactivated.',
  },
  MESSAGING_ERR_POLL_REACTIVATE_FORBIDDEN: {
    status: 403,
    code: -369,
    title: 'Forbidden',
    message: 'A poll is reactivated by its author or a network administrator.',
  },
  MESSAGING_ERR_POLL_ANSWER_NOT_FOUND: {
    status: 404,
    code: -370,
    title: 'Not Found',
    message: 'The poll has no such answer.',
  },
  MESSAGING_ERR_POLL_ANSWER_UNKNOWN: {
    status: 400,
    code: -371,
    title: 'Bad Request',
    message: 'answerEID names no answer of this poll.',
  },
  MESSAGING_ERR_POLL_ANONYMOUS: {
    status: 403,
    code: -372,
    title: 'Forbidden',
    message: 'The poll is anonymous: its voters are not revealed.',
  },
  MESSAGING_ERR_POLL_BUSY: {
    status: 409,
    code: -373,
    title: 'Conflict',
    message: 'Too many changes to this poll at once; retry shortly.',
  },
} as const satisfies Record<string, ErrorDefinition>;

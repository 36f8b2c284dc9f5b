/**
 * Errors of journeys: codes -460 … -479. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const journeysErrors = {
  JOURNEYS_ERR_JOURNEY_NOT_FOUND: {
    status: 404,
    code: -460,
    title: 'Not Found',
    message: 'The journey does not exist.',
  },
  JOURNEYS_ERR_ADMIN_REQUIRED: {
    status: 403,
    code: -461,
    title: 'Forbidden',
    message: 'Journeys are created, edited, launched and exported by network administrators.',
  },
  JOURNEYS_ERR_NOT_EDITABLE: {
    status: 409,
    code: -462,
    title: 'Conflict',
    message: 'The journey has been launched: its steps and recipients no longer change.',
  },
  JOURNEYS_ERR_NOT_LAUNCHABLE: {
    status: 409,
    code: -463,
    title: 'Conflict',
    message: 'Only a draft or failed journey is launched.',
  },
  JOURNEYS_ERR_STEP_NOT_FOUND: {
    status: 404,
    code: -464,
    title: 'Not Found',
    message: 'The journey has no such question step.',
  },
  JOURNEYS_ERR_QUESTION_INVALID: {
    status: 400,
    code: -465,
    title: 'Bad Request',
    message: 'A question needs distinct choices, and a single-choice question at most one correct choice.',
  },
  JOURNEYS_ERR_CHOICE_UNKNOWN: {
    status: 400,
    code: -466,
    title: 'Bad Request',
    message: 'A submitted choice is not a choice of this question.',
  },
  JOURNEYS_ERR_ALREADY_SUBMITTED: {
    status: 409,
    code: -467,
    title: 'Conflict',
    message: 'The caller has already answered this question: an answer is submitted once.',
  },
  JOURNEYS_ERR_NOT_PARTICIPANT: {
    status: 404,
    code: -468,
    title: 'Not Found',
    message: 'The caller is not a participant of this journey.',
  },
  JOURNEYS_ERR_RECIPIENT_UNKNOWN: {
    status: 400,
    code: -469,
    title: 'Bad Request',
    message: 'A recipient is not an active member or a visible group of the network.',
  },
  JOURNEYS_ERR_CHOICE_COUNT: {
    status: 400,
    code: -470,
    title: 'Bad Request',
    message: 'A single-choice question takes exactly one choice.',
  },
  JOURNEYS_ERR_TOO_MANY_STEPS: {
    status: 400,
    code: -471,
    title: 'Bad Request',
    message: 'A journey has at most 50 steps.',
  },
} as const satisfies Record<string, ErrorDefinition>;

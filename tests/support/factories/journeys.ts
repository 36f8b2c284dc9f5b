/**
 * Journeys: journeys created, questioned, launched and answered over HTTP as a caller.
 */
import { call, type ApiResponse } from '../api.js';
import { uniqueSuffix } from './core.js';

export const journeysPath = (networkEID: string, rest = '') => `/networks/${networkEID}/journeys/${rest}`;
export const journeyPath = (networkEID: string, journeyEID: string, rest = '') =>
  `/networks/${networkEID}/journeys/${journeyEID}${rest}`;

export interface JourneyChoiceBody {
  EID: string;
  text: string;
  correct?: boolean;
}
export interface JourneyStepBody {
  EID: string;
  kind: 'message' | 'question';
  text: string;
  multiple?: boolean;
  choices?: JourneyChoiceBody[];
}
export interface JourneyBody {
  type: string;
  EID: string;
  name: string;
  description: string;
  status: string;
  failureReason: string | null;
  steps: JourneyStepBody[];
  launchedBy: { type: string; EID: string } | null;
  _meta?: { numSteps: number; numQuestions: number; numRecipients: number; numParticipants: number };
  _links: Record<string, { href: string }>;
  _embedded?: { recipients?: { type: string; EID: string }[] };
  code?: number;
  errors?: { pointer: string; message: string }[];
}

export const user = (EID: string) => ({ type: 'user', EID });
export const group = (EID: string) => ({ type: 'group', EID });
export const messageStep = (text = `Welcome ${uniqueSuffix()}`) => ({ kind: 'message', text });
/** A single-choice quiz question: the second choice is correct. */
export const quizQuestion = (text = 'Which floor is the canteen on?') => ({
  text,
  choices: [{ text: 'First' }, { text: 'Second', correct: true }, { text: 'Third' }],
});

/** Creates a journey over HTTP as `token` (an administrator); throws unless 201. */
export async function newJourney(
  networkEID: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<JourneyBody> {
  const response = await call<JourneyBody>(journeysPath(networkEID), {
    token,
    json: { name: `Journey ${uniqueSuffix()}`, ...fields },
  });
  if (response.status !== 201) throw new Error(`journey: ${response.status} ${response.text}`);
  return response.body;
}

export function launch(networkEID: string, journeyEID: string, token: string, query = '') {
  return call<JourneyBody>(journeyPath(networkEID, journeyEID, `/launch${query}`), { token, method: 'POST' });
}

export function submit(
  networkEID: string,
  journeyEID: string,
  stepEID: string,
  token: string,
  choices: string[],
): Promise<ApiResponse<Record<string, unknown> & { code?: number; errors?: { pointer: string }[] }>> {
  return call(journeyPath(networkEID, journeyEID, `/steps/questions/${stepEID}/submit`), {
    token,
    json: { choices },
  });
}

/** A launched journey with one message step and one quiz question, sent to `recipients`. */
export async function launchedQuiz(
  networkEID: string,
  token: string,
  recipients: { type: string; EID: string }[],
): Promise<JourneyBody> {
  const journey = await newJourney(networkEID, token, {
    recipients,
    steps: [messageStep(), { kind: 'question', ...quizQuestion() }],
  });
  const launched = await launch(networkEID, journey.EID, token);
  if (launched.status !== 200 || launched.body.status !== 'active') {
    throw new Error(`launch: ${launched.status} ${launched.text}`);
  }
  return launched.body;
}

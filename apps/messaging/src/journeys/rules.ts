/**
 * Journeys: the pure rules — steps built from the request (choices checked), what a
 * launch fails on, a submission checked and scored, quiz results, `_meta` under gate 2025.3.0.
 * Decisions: docs/decisions.md, "Messaging: journeys".
 */
import { Types } from 'mongoose';
import {
  DomainError,
  isGateOpen,
  isWhitelisted,
  JOURNEY_PARTICIPANTS_MAX,
  type JourneyFailureReason,
  type JourneyStepInput,
} from '@ncs/contracts';

export interface StoredChoice {
  readonly EID: string;
  readonly text: string;
  readonly correct: boolean;
}
export interface StoredStep {
  readonly EID: string;
  readonly kind: 'message' | 'question';
  readonly text: string;
  readonly choices: readonly StoredChoice[];
  readonly multiple: boolean;
}

const newEid = () => new Types.ObjectId().toHexString();

/** A step as stored, with fresh EIDs; a question's choices differ (case ignored), single choice ≤ 1 correct. */
export function buildStep(input: JourneyStepInput, pointer: string): StoredStep {
  if (input.kind === 'message') {
    return { EID: newEid(), kind: 'message', text: input.text, choices: [], multiple: false };
  }
  const seen = new Set<string>();
  input.choices.forEach((choice, i) => {
    const key = choice.text.trim().toLowerCase();
    if (seen.has(key)) {
      throw new DomainError('JOURNEYS_ERR_QUESTION_INVALID', undefined, [
        { pointer: `${pointer}/choices/${i}/text`, message: 'repeats another choice' },
      ]);
    }
    seen.add(key);
  });
  const multiple = input.multiple ?? false;
  if (!multiple && input.choices.filter((c) => c.correct === true).length > 1) {
    throw new DomainError('JOURNEYS_ERR_QUESTION_INVALID', undefined, [
      { pointer: `${pointer}/choices`, message: 'a single-choice question has at most one correct choice' },
    ]);
  }
  return {
    EID: newEid(),
    kind: 'question',
    text: input.text,
    choices: input.choices.map((c) => ({ EID: newEid(), text: c.text, correct: c.correct ?? false })),
    multiple,
  };
}

/** Why a launch fails, checked in this order; null when it may go ahead. */
export function launchFailure(numSteps: number, numParticipants: number): JourneyFailureReason | null {
  if (numSteps === 0) return 'no_steps';
  if (numParticipants === 0) return 'no_participants';
  if (numParticipants > JOURNEY_PARTICIPANTS_MAX) return 'too_many_participants';
  return null;
}

/** The submitted choices must be the step's (400 naming each stranger) and one for a single choice. */
export function checkSubmission(step: StoredStep, choices: readonly string[]): void {
  const own = new Set(step.choices.map((c) => c.EID));
  const strangers = choices.flatMap((EID, i) =>
    own.has(EID) ? [] : [{ pointer: `/body/choices/${i}`, message: 'is not a choice of this question' }],
  );
  if (strangers.length > 0) throw new DomainError('JOURNEYS_ERR_CHOICE_UNKNOWN', undefined, strangers);
  if (!step.multiple && choices.length !== 1) {
    throw new DomainError('JOURNEYS_ERR_CHOICE_COUNT', undefined, [
      { pointer: '/body/choices', message: 'a single-choice question takes exactly one choice' },
    ]);
  }
}

/** Whether a quiz question counts (it has a correct choice). */
export const isQuiz = (step: StoredStep) => step.kind === 'question' && step.choices.some((c) => c.correct);

/** Right when the choices are exactly the correct ones; null for a question without a correct choice. */
export function isCorrect(step: StoredStep, choices: readonly string[]): boolean | null {
  if (!isQuiz(step)) return null;
  const correct = step.choices.filter((c) => c.correct).map((c) => c.EID);
  const chosen = new Set(choices);
  return chosen.size === correct.length && correct.every((EID) => chosen.has(EID));
}

/** A participant's quiz result from their answers: right answers out of the quiz questions. */
export function quizResult(
  steps: readonly StoredStep[],
  answers: readonly { readonly stepEID: string; readonly correct?: boolean | null }[],
): { correct: number; answered: number; total: number } {
  const quiz = new Set(steps.filter(isQuiz).map((s) => s.EID));
  const counted = answers.filter((a) => quiz.has(a.stepEID));
  return {
    correct: counted.filter((a) => a.correct === true).length,
    answered: counted.length,
    total: quiz.size,
  };
}

/** Gate 2025.3.0: from then on `_meta` only when whitelisted (`fields=_meta`); before, always. */
export function showsMeta(version: string, fields: unknown): boolean {
  return !isGateOpen('journey.metaWhitelistOnly', version) || isWhitelisted(fields, '_meta');
}

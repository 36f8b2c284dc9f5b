/**
 * Journeys: a participant's answer to a question step, once (unique index: a second
 * submission is 409), and the administrators' export of the participants with their quiz results
 * (derived from the answers of the page's participants: one query, no counters).
 */
import { DomainError, toTimestamp, type PlainCollection } from '@ncs/contracts';
import { collectionOf, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { userRef } from '../messages/presentation.js';
import { findJourney, isParticipant, requireAdmin } from './access.js';
import type { JourneyAnswerDoc, JourneyParticipantDoc } from './models.js';
import { stepsOf } from './presentation.js';
import { checkSubmission, isCorrect, quizResult } from './rules.js';
import type { JourneyStore } from './models.js';

export async function submitAnswer(
  { models }: WriteDeps<JourneyStore>,
  caller: Caller,
  journeyEID: string,
  stepEID: string,
  choices: readonly string[],
) {
  const journey = await findJourney(models, caller, journeyEID);
  if (!(await isParticipant(models, caller, journeyEID)))
    throw new DomainError('JOURNEYS_ERR_NOT_PARTICIPANT');
  const step = stepsOf(journey).find((s) => s.EID === stepEID && s.kind === 'question');
  if (!step) throw new DomainError('JOURNEYS_ERR_STEP_NOT_FOUND');
  checkSubmission(step, choices);
  const answer = await new models.JourneyAnswer({
    networkEID: caller.networkEID,
    journeyEID,
    profileEID: caller.profileEID,
    stepEID,
    choices: [...choices],
    correct: isCorrect(step, choices),
  })
    .save()
    .catch((error: unknown) => {
      if ((error as { code?: number }).code === 11000)
        throw new DomainError('JOURNEYS_ERR_ALREADY_SUBMITTED');
      throw error;
    });
  return {
    type: 'journey_submission',
    EID: String(answer._id),
    journey: { type: 'journey', EID: journeyEID },
    step: { type: 'journey_step', EID: stepEID },
    user: userRef(caller.profileEID),
    choices: [...choices],
    correct: answer.correct ?? null,
    submitted: toTimestamp(answer.created),
    created: toTimestamp(answer.created),
  };
}

export async function listParticipants(
  models: JourneyStore,
  rpc: RpcClient,
  caller: Caller,
  journeyEID: string,
  page: Page,
): Promise<PlainCollection> {
  await requireAdmin(rpc, caller);
  const journey = await findJourney(models, caller, journeyEID);
  const participants = await models.JourneyParticipant.find({ networkEID: caller.networkEID, journeyEID })
    .sort({ profileEID: 1 })
    .skip(page.offset)
    .limit(page.limit)
    .lean<JourneyParticipantDoc[]>();
  const answers = await models.JourneyAnswer.find({
    networkEID: caller.networkEID,
    journeyEID,
    profileEID: { $in: participants.map((p) => p.profileEID) },
  }).lean<JourneyAnswerDoc[]>();
  const steps = stepsOf(journey);
  const items = participants.map((p) => ({
    type: 'journey_participant',
    EID: String(p._id),
    user: userRef(p.profileEID),
    journey: { type: 'journey', EID: journeyEID },
    joined: toTimestamp(p.created),
    created: toTimestamp(p.created),
    quiz: quizResult(
      steps,
      answers.filter((a) => a.profileEID === p.profileEID),
    ),
  }));
  // The count is written once, at launch; never report fewer than the page shows.
  const total = Math.max(journey.numParticipants ?? 0, page.offset + items.length);
  return collectionOf({ itemType: 'journey_participant', rel: 'participants' }, page, total, items);
}

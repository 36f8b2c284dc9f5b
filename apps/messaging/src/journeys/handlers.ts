/** Journeys: handlers of the journey routes (contracts `journeysRoutes`). */
import { journeysRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { listParticipants, submitAnswer } from './answers.js';
import { launchJourney } from './launch.js';
import { getJourney, listJourneys } from './reading.js';
import { addQuestion, createJourney, updateJourney } from './writing.js';
import type { JourneyStore } from './models.js';

export const journeyHandlers = defineHandlers<WriteDeps<JourneyStore>>()(journeysRoutes, {
  'journey.list': ({ ctx, query }, { models, rpc }) => listJourneys(models, rpc, callerOf(ctx), query),
  'journey.create': ({ ctx, query, body }, deps) => createJourney(deps, callerOf(ctx), body, query.fields),
  'journey.get': ({ ctx, params, query }, { models, rpc }) =>
    getJourney(models, rpc, callerOf(ctx), params.journeyEID, query),
  'journey.update': ({ ctx, params, query, body }, deps) =>
    updateJourney(deps, callerOf(ctx), params.journeyEID, body, query.fields),
  'journey.launch': ({ ctx, params, query }, deps) =>
    launchJourney(deps, callerOf(ctx), params.journeyEID, query.fields),
  'journeyQuestion.create': ({ ctx, params, query, body }, deps) =>
    addQuestion(deps, callerOf(ctx), params.journeyEID, body, query.fields),
  'journeyQuestion.submit': ({ ctx, params, body }, deps) =>
    submitAnswer(deps, callerOf(ctx), params.journeyEID, params.stepEID, body.choices),
  'journeyParticipant.list': ({ ctx, params, query }, { models, rpc }) =>
    listParticipants(models, rpc, callerOf(ctx), params.journeyEID, query),
});

/**
 * Routes of journeys (spec "Journeys"). Network administrators create, edit, launch and
 * export; participants read the journeys they take part in and answer their questions. Rules:
 * docs/decisions.md, "Messaging: journeys".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams } from '../core/schemas.js';
import {
  JourneyCollection,
  JourneyCreateBody,
  JourneyFieldsQuery,
  JourneyGetQuery,
  JourneyListQuery,
  JourneyParams,
  JourneyParticipantCollection,
  JourneyParticipantsQuery,
  JourneyQuestionBody,
  JourneyResource,
  JourneyStepParams,
  JourneySubmissionResource,
  JourneySubmitBody,
  JourneyUpdateBody,
} from './resources.js';

const JOURNEYS = '/networks/{networkEID}/journeys';
const JOURNEY = `${JOURNEYS}/{journeyEID}`;
const common = { service: 'messaging', tag: 'Journeys', scope: 'network', format: 'hal' } as const;

export const journeysRoutes = [
  route({
    ...common,
    id: 'journey.list',
    method: 'GET',
    path: `${JOURNEYS}/`,
    summary:
      'Journeys, newest first: all of the network for administrators, those the caller takes part in for others (`embed=journeys.recipients` with `limit[journeys.recipients]`, `offset[journeys.recipients]`)',
    params: NetworkParams,
    query: JourneyListQuery,
    // The gateway checks the first name of each path (`journeys`); the query's pattern admits
    // `journeys.recipients` only, which messaging embeds itself.
    embeddable: ['journeys'],
    reply: { status: 200, schema: JourneyCollection },
  }),
  route({
    ...common,
    id: 'journey.create',
    method: 'POST',
    path: `${JOURNEYS}/`,
    summary: 'Create a draft journey (network administrators)',
    params: NetworkParams,
    query: JourneyFieldsQuery,
    body: JourneyCreateBody,
    reply: { status: 201, schema: JourneyResource },
  }),
  route({
    ...common,
    id: 'journey.get',
    method: 'GET',
    path: JOURNEY,
    summary:
      'A journey (administrators, and its participants once launched); `embed=recipients` with `limit[recipients]`, `offset[recipients]`',
    params: JourneyParams,
    query: JourneyGetQuery,
    embeddable: ['recipients'],
    reply: { status: 200, schema: JourneyResource },
  }),
  route({
    ...common,
    id: 'journey.update',
    method: 'PUT',
    path: JOURNEY,
    summary:
      'Edit a journey (network administrators; only the fields sent change; steps and recipients only before launch)',
    params: JourneyParams,
    query: JourneyFieldsQuery,
    body: JourneyUpdateBody,
    reply: { status: 200, schema: JourneyResource },
  }),
  route({
    ...common,
    id: 'journey.launch',
    method: 'POST',
    path: `${JOURNEY}/launch`,
    summary:
      'Launch a draft or failed journey (network administrators): active with its participants, or failed (alert `journey_failed_to_launch` to the launcher)',
    params: JourneyParams,
    query: JourneyFieldsQuery,
    reply: { status: 200, schema: JourneyResource },
  }),
  route({
    ...common,
    id: 'journeyQuestion.create',
    method: 'POST',
    path: `${JOURNEY}/questions/`,
    summary: 'Append a question step to a journey not yet launched (network administrators)',
    params: JourneyParams,
    query: JourneyFieldsQuery,
    body: JourneyQuestionBody,
    reply: { status: 201, schema: JourneyResource },
  }),
  route({
    ...common,
    id: 'journeyQuestion.submit',
    method: 'POST',
    path: `${JOURNEY}/steps/questions/{stepEID}/submit`,
    summary: 'Submit the caller’s choices to a question step (participants, once: 409 after)',
    params: JourneyStepParams,
    body: JourneySubmitBody,
    reply: { status: 201, schema: JourneySubmissionResource },
  }),
  route({
    ...common,
    id: 'journeyParticipant.list',
    method: 'GET',
    path: `${JOURNEY}/participants/`,
    summary:
      'Export of a journey’s participants with their quiz results (network administrators), by profile EID',
    params: JourneyParams,
    query: JourneyParticipantsQuery,
    reply: { status: 200, schema: JourneyParticipantCollection },
  }),
] as const satisfies readonly RouteDefinition[];

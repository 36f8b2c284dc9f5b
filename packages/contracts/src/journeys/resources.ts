/**
 * Journeys (spec "Journeys", Journey row, Versioning gate 2025.3.0): onboarding
 * sequences of steps (messages and questions) sent to recipients (people and groups), resolved to
 * participants at launch. Rules where the spec is silent: docs/decisions.md, "Messaging: journeys".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PaginationQuery, subResourcePagination } from '../core/pagination.js';
import { embedQuery } from '../core/route-definition.js';
import { Eid, halCollection, halResource, Nullable, Ref, strictObject, Timestamp } from '../core/schemas.js';
import { Name, Text } from '../core/text-hygiene.js';
import { fieldsQuery } from '../core/whitelisting.js';

/** Most steps of one journey, most choices of one question, most recipients named by a journey. */
export const JOURNEY_STEPS_MAX = 50;
export const JOURNEY_CHOICES_MAX = 10;
export const JOURNEY_RECIPIENTS_MAX = 200;
/** Most participants one launch resolves; beyond it the launch fails (`too_many_participants`). */
export const JOURNEY_PARTICIPANTS_MAX = 10_000;

/** draft → launching → active, or → failed (edited and launched again). */
export const journeyStatuses = ['draft', 'launching', 'active', 'failed'] as const;
export type JourneyStatus = (typeof journeyStatuses)[number];
/** Why a launch failed (deterministic, checked before anyone is made a participant). */
export const journeyFailureReasons = ['no_steps', 'no_participants', 'too_many_participants'] as const;
export type JourneyFailureReason = (typeof journeyFailureReasons)[number];

export const JourneyParams = strictObject({ networkEID: Eid, journeyEID: Eid });
export const JourneyStepParams = strictObject({ networkEID: Eid, journeyEID: Eid, stepEID: Eid });

const StepText = Text({ minLength: 1, maxLength: 5000, description: 'What the step says or asks' });
const ChoiceCreate = strictObject({
  text: Name({ maxLength: 200, description: 'The choice as shown; choices of a question differ' }),
  correct: Type.Optional(Type.Boolean({ description: 'A correct answer of the quiz (default false)' })),
});

/** `POST …/journeys/{journeyEID}/questions/` and a question step of `steps`. */
export const JourneyQuestionBody = strictObject({
  text: StepText,
  choices: Type.Array(ChoiceCreate, { minItems: 2, maxItems: JOURNEY_CHOICES_MAX }),
  multiple: Type.Optional(
    Type.Boolean({ description: 'Several choices may be submitted (default false: exactly one)' }),
  ),
});
export type JourneyQuestionInput = Static<typeof JourneyQuestionBody>;

const MessageStepCreate = strictObject({ kind: Type.Literal('message'), text: StepText });
const QuestionStepCreate = strictObject({
  kind: Type.Literal('question'),
  ...JourneyQuestionBody.properties,
});
export type JourneyStepInput = Static<typeof MessageStepCreate> | Static<typeof QuestionStepCreate>;

const RecipientRef = strictObject({
  type: Type.Union([Type.Literal('user'), Type.Literal('group')]),
  EID: Eid,
});

const JourneyWritable = {
  name: Name({ maxLength: 200 }),
  description: Text({ maxLength: 5000 }),
  recipients: Type.Array(RecipientRef, {
    maxItems: JOURNEY_RECIPIENTS_MAX,
    description: 'People (`user`) and groups (`group`) the journey is sent to, resolved at launch',
  }),
  steps: Type.Array(Type.Union([MessageStepCreate, QuestionStepCreate]), {
    maxItems: JOURNEY_STEPS_MAX,
    description: 'The ordered steps (`kind` `message` or `question`); replaced whole on update',
  }),
};

export const JourneyCreateBody = strictObject({
  name: JourneyWritable.name,
  description: Type.Optional(JourneyWritable.description),
  recipients: Type.Optional(JourneyWritable.recipients),
  steps: Type.Optional(JourneyWritable.steps),
});
export type JourneyCreateInput = Static<typeof JourneyCreateBody>;

/** Only the fields sent change; `recipients` and `steps` only before launch (else 409). */
export const JourneyUpdateBody = strictObject({
  name: Type.Optional(JourneyWritable.name),
  description: Type.Optional(JourneyWritable.description),
  recipients: Type.Optional(JourneyWritable.recipients),
  steps: Type.Optional(JourneyWritable.steps),
});
export type JourneyUpdateInput = Static<typeof JourneyUpdateBody>;

const JourneyChoice = Type.Object({
  EID: Eid,
  text: Type.String(),
  correct: Type.Optional(Type.Boolean({ description: 'Shown to network administrators only' })),
});
const JourneyStep = Type.Object({
  EID: Eid,
  kind: Type.Union([Type.Literal('message'), Type.Literal('question')]),
  text: Type.String(),
  choices: Type.Optional(Type.Array(JourneyChoice)),
  multiple: Type.Optional(Type.Boolean()),
});

const Count = Type.Integer({ minimum: 0 });
export const JourneyMeta = Type.Object(
  { numSteps: Count, numQuestions: Count, numRecipients: Count, numParticipants: Count },
  {
    description:
      'read-only counts; from 2025.3.0 returned only when whitelisted with `fields=_meta`, before always',
  },
);

export const JourneyResource = halResource(
  'journey',
  {
    EID: Eid,
    name: Type.String(),
    description: Type.String(),
    status: Type.Union(
      journeyStatuses.map((s) => Type.Literal(s)),
      { description: 'read-only: draft, launching, active or failed' },
    ),
    failureReason: Nullable(
      Type.Union(
        journeyFailureReasons.map((r) => Type.Literal(r)),
        { description: 'read-only: why the last launch failed (status failed), else null' },
      ),
    ),
    steps: Type.Array(JourneyStep),
    author: Ref('user'),
    launchedBy: Nullable(Ref('user')),
    launchedAt: Nullable(Timestamp),
    created: Timestamp,
    updated: Timestamp,
    _meta: Type.Optional(JourneyMeta),
  },
  'An onboarding journey: ordered steps sent to its recipients (`embed=recipients` embeds a page of them).',
);
export const JourneyCollection = halCollection('journeys', JourneyResource, 'Journeys, newest first.');

/**
 * `fields=_meta` whitelists `_meta` (gate 2025.3.0): the list every resource route takes
 * (core/whitelisting.ts), here on the journey's writes too, since they answer the journey.
 */
const FieldsQuery = fieldsQuery(
  'Whitelisted properties, comma-separated: `_meta` is returned only when named (from 2025.3.0); every other property is returned anyway',
);

export const JourneyListQuery = Type.Object({
  ...PaginationQuery.properties,
  // `embedQuery` would leave the `.` unescaped (any character): a closed pattern of its own.
  embed: Type.Optional(
    Type.String({
      pattern: '^journeys\\.recipients$',
      description: 'Relations to embed under `_embedded`: journeys.recipients',
    }),
  ),
  ...subResourcePagination('journeys.recipients'),
  ...FieldsQuery,
});
export const JourneyGetQuery = Type.Object({
  ...embedQuery(['recipients']).properties,
  ...subResourcePagination('recipients'),
  ...FieldsQuery,
});
export const JourneyFieldsQuery = Type.Object(FieldsQuery);

/** `POST …/steps/questions/{stepEID}/submit`: the caller's choices, once. */
export const JourneySubmitBody = strictObject({
  choices: Type.Array(Eid, { minItems: 1, maxItems: JOURNEY_CHOICES_MAX, uniqueItems: true }),
});

export const JourneySubmissionResource = halResource(
  'journey_submission',
  {
    EID: Eid,
    journey: Ref('journey'),
    step: Ref('journey_step'),
    user: Ref('user'),
    choices: Type.Array(Eid),
    correct: Nullable(Type.Boolean({ description: 'null for a question without a correct choice' })),
    submitted: Timestamp,
    created: Timestamp,
  },
  'A participant’s answer to a question step (submitted once).',
);

export const JourneyParticipantResource = halResource(
  'journey_participant',
  {
    EID: Eid,
    user: Ref('user'),
    journey: Ref('journey'),
    joined: Timestamp,
    created: Timestamp,
    quiz: Type.Object({
      correct: Count,
      answered: Count,
      total: Type.Integer({ minimum: 0, description: 'Questions of the journey with a correct choice' }),
    }),
  },
  'A participant of a launched journey with their quiz result (admin export).',
);
export const JourneyParticipantCollection = halCollection(
  'participants',
  JourneyParticipantResource,
  'The participants of a journey with their quiz results, by profile EID.',
);
export const JourneyParticipantsQuery = PaginationQuery;

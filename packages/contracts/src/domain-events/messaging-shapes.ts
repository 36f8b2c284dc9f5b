/** Shapes the messaging events share: message summaries, audiences and the builders of event families. */
import { Type } from '@sinclair/typebox';
import { Eid, Nullable, Timestamp, strictObject } from '../core/schemas.js';
import { GroupRef, RefOf, UserRef, UserRefs, defineEvent } from './define.js';
/** Where a message event may go: the message's own audience. */
export const MESSAGE_AUDIENCE = ['network', 'group', 'people'] as const;
/** Only messages on a timeline (moved, shared, superseded: never a private one). */
export const TIMELINE_AUDIENCE = ['network', 'group'] as const;

/** `messageSummary(doc)` (messages/presentation.ts): what events carry about a message. */
export const MessageSummary = strictObject({
  /** The message type (`messageTypes`, messages area). */
  type: Type.String({ minLength: 1 }),
  EID: Eid,
  /** A person, or the app of an `app_update`. */
  author: strictObject({ type: Type.Union([Type.Literal('user'), Type.Literal('app')]), EID: Eid }),
  group: Nullable(GroupRef),
  /** A comment's message (`type`: the parent's message type). */
  parent: Nullable(strictObject({ type: Type.String({ minLength: 1 }), EID: Eid })),
  htmlBody: Type.String(),
  /** A private message's recipients (absent when none). */
  recipients: Type.Optional(UserRefs),
  /** The profile timeline it was posted to. */
  profile: Type.Optional(UserRef),
  /** A reply: the comment it answers. */
  parentCommentEID: Type.Optional(Eid),
});

/** `eventSummary(doc)` (events/presentation.ts): the event object; null for a message without one. */
export const EventSummary = Nullable(
  strictObject({
    start: Timestamp,
    end: Timestamp,
    allDay: Type.Boolean(),
    location: Nullable(Type.String()),
    private: Type.Boolean(),
    invitees: UserRefs,
    canceled: Type.Boolean(),
    responderCounts: strictObject({
      yes: Type.Integer({ minimum: 0 }),
      no: Type.Integer({ minimum: 0 }),
      maybe: Type.Integer({ minimum: 0 }),
    }),
  }),
);

export const Rsvp = Type.Union((['yes', 'no', 'maybe'] as const).map((answer) => Type.Literal(answer)));
/** A task's kind (`taskKinds`, messages area). */
export const TaskKindSchema = Type.Union(
  (['individual', 'split', 'shared', 'associated'] as const).map((kind) => Type.Literal(kind)),
);
/** Why a journey did not launch (`journeyFailureReasons`, journeys area). */
export const JourneyFailureReasonSchema = Type.Union(
  (['no_steps', 'no_participants', 'too_many_participants'] as const).map((reason) => Type.Literal(reason)),
);

/** `{ message: messageSummary }` and what an event adds. */
export const aboutMessage = <T extends Parameters<typeof strictObject>[0]>(fields: T) =>
  strictObject({ message: MessageSummary, ...fields });

export const created = (
  verb: 'created' | 'draft_created' | 'scheduled',
  when: string,
  audience: 'timeline' | 'author',
) =>
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb,
    description: when,
    audience: audience === 'timeline' ? MESSAGE_AUDIENCE : (['people', 'admins'] as const),
    data: aboutMessage({ mentions: UserRefs }),
  });

/** An action on a message or its undoing (a like, a reaction, a pin), to the message's audience. */
const onMessage = <const V extends string, const F extends Parameters<typeof strictObject>[0]>(
  verb: V,
  when: string,
  fields: F,
) =>
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb,
    description: when,
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage(fields),
  });

export const liking = (verb: 'liked' | 'unliked', when: string) => onMessage(verb, when, { liker: UserRef });

/** Emoji reactions: `emoji` as stored (normalised), so a client updates the summary it shows. */
export const reacting = (verb: 'reacted' | 'unreacted', when: string) =>
  onMessage(verb, when, { reactor: UserRef, emoji: Type.String({ minLength: 1, maxLength: 32 }) });

/** Pins: who pinned or unpinned, so a client moves the message in or out of its pinned list. */
export const pinning = (verb: 'pinned' | 'unpinned', when: string) =>
  onMessage(verb, when, { pinner: UserRef });

export const locking = (verb: 'locked' | 'unlocked', when: string) =>
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb,
    description: when,
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({}),
  });

export const eventChange = (
  verb: 'date_time_changed' | 'location_changed' | 'details_changed',
  what: string,
) =>
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb,
    description: `An edit changed the ${what} of an event (one event per kind of change).`,
    audience: MESSAGE_AUDIENCE,
    data: strictObject({
      alert: Type.Literal(`event_${verb}`),
      message: MessageSummary,
      event: EventSummary,
      previous: EventSummary,
      /** Its invitees and responders, the editor left out. */
      recipients: UserRefs,
    }),
  });

export const taskDone = (verb: 'completed' | 'reopened', when: string) =>
  defineEvent({
    service: 'messaging',
    entity: 'task',
    verb,
    description: when,
    audience: MESSAGE_AUDIENCE,
    data: strictObject({
      task: MessageSummary,
      kind: TaskKindSchema,
      /** The person who completed or reopened it (their part of a split task). */
      assignee: UserRef,
      /** A child of a task shared with several groups: that task. */
      parent: Type.Optional(RefOf('task')),
    }),
  });

/** A poll's counts as the message resource shows them (`presentPoll`, polls area), without the texts. */
export const PollCounts = strictObject({
  answers: Type.Array(
    strictObject({ type: Type.Literal('poll_answer'), EID: Eid, numVotes: Type.Integer({ minimum: 0 }) }),
  ),
  /** The people who voted (`poll.numVotes` of the resource). */
  numVotes: Type.Integer({ minimum: 0 }),
});

/** A conversation as the chat resources name it (`Ref('conversation')`). */
export const ConversationRef = RefOf('conversation');

/**
 * A chat message as the chat resource shows it to every participant (`presentChatMessage`, chat
 * area): never `deletionReason`, which only network administrators see.
 */
export const ChatMessageSummary = strictObject({
  type: Type.Literal('chat_message'),
  EID: Eid,
  author: UserRef,
  htmlBody: Type.String(),
  created: Timestamp,
});

/** What `recordJobEnd` (news/jobs.ts) adds to each job's end. */
export const jobEnd = { recipient: UserRef };

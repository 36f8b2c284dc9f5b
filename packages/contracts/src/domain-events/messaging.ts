/**
 * The domain events messaging records (apps/messaging/src): messages and their actions, events
 * (RSVP), tasks, polls, chat, news jobs, journeys, files. Most carry `messageSummary(doc)`; those that make
 * an alert follow the notifications convention: `alert` (the alert type), `recipient` or
 * `recipients` (the people), the subject under `message` (else `original`, `news`, `job`,
 * `journey`, `file`).
 *
 * Audience: a message event goes where its message may be read: a group's timeline (group), the
 * network's or a profile's timeline (network), a private message or private event (people: its
 * participants). An alert for named people only (a mention, a job's end) is `people`. A chat event
 * goes to the conversation's participants (people); a conversation read, to the reader alone.
 */
import { Type } from '@sinclair/typebox';
import { Eid, Nullable, Timestamp, strictObject } from '../core/schemas.js';
import { GroupRef, RefOf, UserRef, UserRefs, defineEvent } from './define.js';

import {
  ChatMessageSummary,
  ConversationRef,
  EventSummary,
  JourneyFailureReasonSchema,
  MESSAGE_AUDIENCE,
  MessageSummary,
  PollCounts,
  Rsvp,
  TIMELINE_AUDIENCE,
  TaskKindSchema,
  aboutMessage,
  created,
  eventChange,
  jobEnd,
  liking,
  locking,
  reacting,
  pinning,
  taskDone,
} from './messaging-shapes.js';

export const messagingEvents = [
  // Posting.
  created(
    'created',
    'A message was posted on a timeline or to its recipients (by a person, or an app: `app_update`).',
    'timeline',
  ),
  created('draft_created', 'A person saved a new message as a draft (on no timeline yet).', 'author'),
  created(
    'scheduled',
    'A person posted a message with a future `scheduledAt` (on no timeline yet).',
    'author',
  ),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'published',
    description: 'A draft was published: it joins its timeline now.',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({}),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'scheduled_published',
    description: "A scheduled message's time came and the worker published it (an alert to its author).",
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({ alert: Type.Literal('scheduled_update_published'), recipient: UserRef }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'commented',
    description: 'A person commented on a message.',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({ comment: MessageSummary }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'activity_comment',
    description: "After a comment: the message's subscribers to alert (the commenter left out), if any.",
    audience: ['people'],
    data: aboutMessage({
      alert: Type.Literal('message_activity_comment'),
      comment: MessageSummary,
      recipients: UserRefs,
    }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'mentioned',
    description:
      'A message or comment mentions a person (its author left out; an edit: the newly mentioned only), one event per person.',
    audience: ['people'],
    data: aboutMessage({ alert: Type.Literal('mention'), recipient: UserRef }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'edited',
    description:
      "A message was edited (a private message's recipients too), or an image attached to it was cropped (`crop`).",
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({
      previousHtmlBody: Type.String(),
      /** A private message whose recipients the edit changed: both lists, either may be empty. */
      addedRecipients: Type.Optional(UserRefs),
      removedRecipients: Type.Optional(UserRefs),
      /** Files: a crop of an attached image (files/crop.ts). */
      crop: Type.Optional(
        strictObject({
          original: RefOf('file'),
          file: RefOf('file'),
          x: Type.Integer({ minimum: 0 }),
          y: Type.Integer({ minimum: 0 }),
          width: Type.Integer({ minimum: 1 }),
          height: Type.Integer({ minimum: 1 }),
        }),
      ),
    }),
  }),
  liking('liked', 'A person liked a message (not again).'),
  liking('unliked', 'A person took their like back.'),
  // Emoji reactions.
  reacting(
    'reacted',
    'A person reacted to a message or comment with an emoji (not again with the same one).',
  ),
  reacting('unreacted', 'A person took their reaction with an emoji back.'),
  // Pins.
  pinning('pinned', "A timeline's administrator pinned a message to its top."),
  pinning('unpinned', "A timeline's administrator unpinned a message."),
  // Hashtags: to the followers of its tags who may read it (the first TAG_FOLLOWERS_NOTIFIED_MAX).
  defineEvent({
    service: 'messaging',
    entity: 'tag',
    verb: 'message_tagged',
    description:
      'A published message or comment with tags was posted: to the followers of its tags who may read it (not its author), at most 1,000, the first by profile EID.',
    audience: ['people'],
    data: aboutMessage({
      tags: Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        maxItems: 10,
        description: "The keys (folded) of the message's tags",
      }),
    }),
  }),
  locking('locked', 'Its author or a network administrator locked a message.'),
  locking('unlocked', 'Its author or a network administrator unlocked a message.'),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'read',
    description: 'A person marked a message read (not again).',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({ reader: UserRef }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'removed',
    description: 'A message or comment was removed (its comments with it).',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({ remover: UserRef }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'moved',
    description:
      "A message was moved to another group's timeline or the network's (`message.group`: where it is now).",
    audience: TIMELINE_AUDIENCE,
    data: aboutMessage({ from: Nullable(GroupRef), to: Nullable(GroupRef) }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'shared',
    description: 'A person shared a message: `share` is the new update that shares it.',
    audience: TIMELINE_AUDIENCE,
    data: aboutMessage({ share: MessageSummary }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'superseded',
    description:
      'A new announcement on a timeline superseded an older one (one event per older announcement).',
    audience: TIMELINE_AUDIENCE,
    data: aboutMessage({ supersededBy: RefOf('announcement') }),
  }),
  // Events and RSVP.
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'invited',
    description: 'A private event was posted: its invitees (an alert to each).',
    audience: ['people'],
    data: aboutMessage({ alert: Type.Literal('event_invitation'), recipients: UserRefs }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'rsvp',
    description: 'A person answered an event, or changed their answer.',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({ responder: UserRef, rsvp: Rsvp, previous: Nullable(Rsvp) }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'canceled',
    description:
      'Its author canceled an event; a private one alerts its invitees (`alert`, `recipients`, the author left out).',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({
      event: EventSummary,
      alert: Type.Optional(Type.Literal('event_canceled')),
      recipients: Type.Optional(UserRefs),
    }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'message',
    verb: 'reinstated',
    description: 'Its author reinstated a canceled event.',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({ event: EventSummary }),
  }),
  eventChange('date_time_changed', 'start, end or all-day flag'),
  eventChange('location_changed', 'location'),
  eventChange('details_changed', 'body'),
  // Polls.
  defineEvent({
    service: 'messaging',
    entity: 'poll',
    verb: 'reactivated',
    description:
      "A poll's author reactivated it: one event per 500 voters to alert (the first even without any).",
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({ alert: Type.Literal('poll_reactivated'), recipients: UserRefs }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'poll',
    verb: 'voted',
    description:
      'A person voted in a running poll, or changed their vote (`previous`); an anonymous poll names neither voter nor answer, and has no actor.',
    audience: MESSAGE_AUDIENCE,
    data: aboutMessage({
      /** The counts after this vote. */
      poll: PollCounts,
      /** The voter, their answer and the answer it replaced (null: a first vote); all absent when anonymous. */
      voter: Type.Optional(UserRef),
      answer: Type.Optional(RefOf('poll_answer')),
      previous: Type.Optional(Nullable(RefOf('poll_answer'))),
    }),
  }),
  // Chat: the audience is the conversation's participants, the actor's other devices included.
  defineEvent({
    service: 'messaging',
    entity: 'chat_message',
    verb: 'sent',
    description:
      "A chat message was sent to a conversation, by a participant or as the AI assistant's welcome.",
    audience: ['people'],
    data: strictObject({ conversation: ConversationRef, chatMessage: ChatMessageSummary }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'chat_message',
    verb: 'deleted',
    description:
      'Its author or a network administrator deleted a chat message for everyone (not again); its body and reason are not carried.',
    audience: ['people'],
    data: strictObject({
      conversation: ConversationRef,
      chatMessage: RefOf('chat_message'),
      deleter: UserRef,
    }),
  }),
  // Pins: a participant pinned or unpinned a chat message for the conversation.
  ...(['pinned', 'unpinned'] as const).map((verb) =>
    defineEvent({
      service: 'messaging',
      entity: 'chat_message',
      verb,
      description: `A participant ${verb} a chat message for the conversation's participants.`,
      audience: ['people'],
      data: strictObject({
        conversation: ConversationRef,
        chatMessage: RefOf('chat_message'),
        pinner: UserRef,
      }),
    }),
  ),
  defineEvent({
    service: 'messaging',
    entity: 'conversation',
    verb: 'read',
    description:
      "A person read a conversation up to its newest message (not again): to the reader only, as nobody sees another's read position.",
    audience: ['people'],
    data: strictObject({
      conversation: ConversationRef,
      reader: UserRef,
      /** The newest message read: the reader has no unread message in the conversation now. */
      readUpTo: RefOf('chat_message'),
    }),
  }),
  // Tasks.
  defineEvent({
    service: 'messaging',
    entity: 'task',
    verb: 'created',
    description: 'A task was posted, with its assignees (and, shared with several groups, its child tasks).',
    audience: MESSAGE_AUDIENCE,
    data: strictObject({
      task: MessageSummary,
      kind: TaskKindSchema,
      dueDate: Nullable(Timestamp),
      assignees: UserRefs,
      groups: Type.Array(GroupRef),
      /** A task shared with several groups: each child task with its group and its assignees. */
      children: Type.Array(strictObject({ task: RefOf('task'), group: GroupRef, assignees: UserRefs })),
    }),
  }),
  taskDone('completed', 'A person completed a task (or their part of a split one); not again.'),
  taskDone('reopened', 'A person reopened a task they had completed; not again.'),
  // News jobs.
  defineEvent({
    service: 'messaging',
    entity: 'news',
    verb: 'duplication_succeeded',
    description: 'A news duplication job ended with its copy (an alert to the requester).',
    audience: ['people'],
    data: strictObject({
      alert: Type.Literal('DUPLICATION_PROCESS_SUCEEDED'),
      job: RefOf('news_duplication'),
      /** The original as it was read; a reference only when it is gone. */
      original: Type.Union([MessageSummary, RefOf('news')]),
      copy: RefOf('news'),
      ...jobEnd,
    }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'news',
    verb: 'duplication_failed',
    description: 'A news duplication job failed (an alert to the requester).',
    audience: ['people'],
    data: strictObject({
      alert: Type.Literal('DUPLICATION_PROCESS_FAILED'),
      job: RefOf('news_duplication'),
      original: Type.Union([MessageSummary, RefOf('news')]),
      copy: Type.Null(),
      ...jobEnd,
    }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'news',
    verb: 'addressee_export_succeeded',
    description: "A news item's addressee export is ready (an alert to the requester).",
    audience: ['people'],
    data: strictObject({
      alert: Type.Literal('NEWS_ADDRESSEE_EXPORT_SUCCESS'),
      job: RefOf('news_addressee_export'),
      news: RefOf('news'),
      numAddressees: Type.Integer({ minimum: 0 }),
      ...jobEnd,
    }),
  }),
  defineEvent({
    service: 'messaging',
    entity: 'news',
    verb: 'addressee_export_failed',
    description: "A news item's addressee export failed (an alert to the requester).",
    audience: ['people'],
    data: strictObject({
      alert: Type.Literal('NEWS_ADDRESSEE_EXPORT_FAILURE'),
      job: RefOf('news_addressee_export'),
      news: RefOf('news'),
      numAddressees: Type.Null(),
      ...jobEnd,
    }),
  }),
  // Journeys.
  defineEvent({
    service: 'messaging',
    entity: 'journey',
    verb: 'launch_failed',
    description: 'A journey could not launch (an alert to the person who launched it).',
    audience: ['people'],
    data: strictObject({
      alert: Type.Literal('journey_failed_to_launch'),
      recipient: UserRef,
      journey: RefOf('journey'),
      reason: JourneyFailureReasonSchema,
    }),
  }),
  // Files (media).
  defineEvent({
    service: 'messaging',
    entity: 'file',
    verb: 'video_processed',
    description: "An uploaded video's processing ended, ready or failed (an alert to the uploader).",
    audience: ['people'],
    data: strictObject({
      alert: Type.Literal('video_processing_complete'),
      recipient: UserRef,
      file: strictObject({ type: Type.Literal('file'), EID: Eid, name: Type.String() }),
      state: Type.Union([Type.Literal('ready'), Type.Literal('failed')]),
      /** Seconds; null when it could not be read. */
      duration: Nullable(Type.Number({ minimum: 0 })),
    }),
  }),
] as const;

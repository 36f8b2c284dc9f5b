/**
 * The catalogue's schemas: each compiles, payloads of the shapes the call sites build validate,
 * and payloads no call site builds are refused.
 */
import type { TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { invitationTypes, storedRoleNames } from '../directory/resources.js';
import { groupRoles, groupTypeNames, membershipStates } from '../groups/resources.js';
import { journeyFailureReasons } from '../journeys/resources.js';
import { kbAudienceTypes, kbPageStatuses } from '../kb/resources.js';
import { rsvpAnswers } from '../messages/event-fields.js';
import { taskKinds } from '../messages/task-fields.js';
import { alertTypes } from '../notifications/resources.js';
import {
  EventGroupRoleSchema,
  EventGroupTypeSchema,
  InvitationTypeSchema,
  EventMembershipStateSchema,
  StoredRoleSchema,
} from './auth-shapes.js';
import { eventCatalogue, eventNames, type EventData, type EventName } from './catalogue.js';
import { EventAudience, audienceKinds, audienceSchemaOf } from './define.js';
import { KbAudienceTypeSchema, KbPageStatusSchema } from './kb.js';
import { JourneyFailureReasonSchema, TaskKindSchema } from './messaging-shapes.js';

type Samples = { readonly [N in EventName]?: EventData<N> };

const EIDS = {
  network: '65a000000000000000000001',
  alice: '65a0000000000000000000a1',
  bob: '65a0000000000000000000b2',
  group: '65a0000000000000000000c3',
  message: '65a0000000000000000000d4',
  comment: '65a0000000000000000000d5',
  file: '65a0000000000000000000e6',
  other: '65a0000000000000000000f7',
};
const AT = '2026-01-13T09:30:00.000+00:00';
const alice = { type: 'user' as const, EID: EIDS.alice };
const bob = { type: 'user' as const, EID: EIDS.bob };
const group = { type: 'group' as const, EID: EIDS.group, name: 'Design', groupType: 'group' as const };
const message = {
  type: 'update',
  EID: EIDS.message,
  author: alice,
  group: { type: 'group' as const, EID: EIDS.group },
  parent: null,
  htmlBody: '<p>Hello</p>',
};
const event = {
  start: AT,
  end: AT,
  allDay: false,
  location: null,
  private: true,
  invitees: [bob],
  canceled: true,
  responderCounts: { yes: 1, no: 0, maybe: 0 },
};

/** Payloads of the shapes the call sites build (a few per service), typed by the catalogue too. */
const SAMPLES: Samples = {
  // core/token-revocation.ts
  'auth.token.revoked': { tokenHashes: ['a'.repeat(64)] },
  // oauth/password-sign-in.ts recordLock
  'auth.account.sign_in_locked': { profileEID: EIDS.alice, lockedUntil: AT, failedAttempts: 5 },
  // group-structure/users.ts insertMembership (users add: lockedBy null)
  'auth.membership.added': { group, user: bob, role: 'member', state: 'active', lockedBy: null },
  // directory/membership.ts changeRole (the network role)
  'auth.membership.role_changed': { user: bob, previousRole: 'member', role: 'network_manager' },
  // group-structure/relations.ts recordMove
  'auth.group.updated': { group, fields: ['parent'], parent: null },
  // network-admin/subscription.ts
  'auth.network.updated': {
    network: { type: 'network', EID: EIDS.network },
    changes: { subscription: { type: 'enterprise', since: AT } },
  },
  // settings/themes.ts afterWrite: presentTheme, open beyond its identity
  'auth.theme.created': {
    theme: {
      type: 'network_theme',
      EID: EIDS.other,
      name: 'Dark',
      default: true,
      created: AT,
      lastModified: AT,
      ...{ buttonColor: '#112233', loginBackgroundUrls: [] },
    },
  },
  // directory/invitations.ts acceptInvitation → recordActivation
  'auth.membership.activated': {
    user: bob,
    previousState: 'pending',
    state: 'active',
    reason: 'invitation_accepted',
  },
  // messages/writing.ts postMessage
  'messaging.message.created': { message: { ...message, profile: bob }, mentions: [bob] },
  // files/crop.ts
  'messaging.message.edited': {
    message,
    previousHtmlBody: '<p>Hi</p>',
    crop: {
      original: { type: 'file', EID: EIDS.file },
      file: { type: 'file', EID: EIDS.other },
      x: 0,
      y: 10,
      width: 100,
      height: 50,
    },
  },
  // events/actions.ts setCanceled, a private event
  'messaging.message.canceled': {
    message: { ...message, type: 'event', group: null },
    event,
    alert: 'event_canceled',
    recipients: [bob],
  },
  // events/editing.ts recordEventEdit
  'messaging.message.date_time_changed': {
    alert: 'event_date_time_changed',
    message: { ...message, type: 'event' },
    event,
    previous: event,
    recipients: [],
  },
  // tasks/posting.ts recordTaskPosted, shared with two groups
  'messaging.task.created': {
    task: { ...message, type: 'task' },
    kind: 'shared',
    dueDate: null,
    assignees: [],
    groups: [
      { type: 'group', EID: EIDS.group },
      { type: 'group', EID: EIDS.other },
    ],
    children: [
      {
        task: { type: 'task', EID: EIDS.comment },
        group: { type: 'group', EID: EIDS.group },
        assignees: [bob],
      },
    ],
  },
  // news/duplication.ts, the original gone
  'messaging.news.duplication_failed': {
    alert: 'DUPLICATION_PROCESS_FAILED',
    job: { type: 'news_duplication', EID: EIDS.other },
    original: { type: 'news', EID: EIDS.message },
    copy: null,
    recipient: alice,
  },
  // files/video.ts
  'messaging.file.video_processed': {
    alert: 'video_processing_complete',
    recipient: alice,
    file: { type: 'file', EID: EIDS.file, name: 'clip.mp4' },
    state: 'failed',
    duration: null,
  },
  // messages/subscribers.ts recordCommentActivity: a comment's summary has its parent
  'messaging.message.activity_comment': {
    alert: 'message_activity_comment',
    message,
    comment: {
      ...message,
      type: 'comment',
      EID: EIDS.comment,
      parent: { type: 'update', EID: EIDS.message },
    },
    recipients: [bob],
  },
  // chat/chat-messages.ts sendChatMessage
  'messaging.chat_message.sent': {
    conversation: { type: 'conversation', EID: EIDS.other },
    chatMessage: {
      type: 'chat_message',
      EID: EIDS.comment,
      author: alice,
      htmlBody: '<p>Hi</p>',
      created: AT,
    },
  },
  // chat/chat-messages.ts deleteChatMessage
  'messaging.chat_message.deleted': {
    conversation: { type: 'conversation', EID: EIDS.other },
    chatMessage: { type: 'chat_message', EID: EIDS.comment },
    deleter: bob,
  },
  // chat/chat-messages.ts listChatMessages (the newest page marks the conversation read)
  'messaging.conversation.read': {
    conversation: { type: 'conversation', EID: EIDS.other },
    reader: bob,
    readUpTo: { type: 'chat_message', EID: EIDS.comment },
  },
  // polls/voting.ts recordVoted, an anonymous poll: no voter, no answer
  'messaging.poll.voted': {
    message: { ...message, type: 'poll' },
    poll: { answers: [{ type: 'poll_answer', EID: EIDS.file, numVotes: 1 }], numVotes: 1 },
  },
  // pages/pages.ts publishedEvent: the page without its body
  'kb.page.published': {
    page: {
      type: 'kb_page',
      EID: EIDS.other,
      category: { type: 'kb_category', EID: EIDS.group },
      title: 'Welcome',
      status: 'published',
      coverImage: null,
      author: alice,
      publishedAt: AT,
      deletedAt: null,
      created: AT,
      lastModified: AT,
    },
  },
  // categories/categories.ts createCategory
  'kb.category.created': {
    category: {
      type: 'kb_category',
      EID: EIDS.group,
      name: 'Handbook',
      description: '',
      audienceType: 'internal',
      headerBackgroundUrl: null,
      headerColor: '#aabbcc',
      parent: null,
      highlightedAt: null,
      created: AT,
      lastModified: AT,
    },
  },
  // managers/managers.ts assignManager
  'kb.manager.assigned': { category: { type: 'kb_category', EID: EIDS.group }, user: bob },
};

/** Payloads a call site never builds, each with what is wrong. */
const WRONG: readonly [EventName, string, unknown][] = [
  ['auth.token.revoked', 'a token instead of its hash', { tokenHashes: ['secret-token'] }],
  [
    'auth.membership.added',
    'a network role in a group',
    { group, user: bob, role: 'network_manager', state: 'active' },
  ],
  [
    'auth.membership.role_changed',
    'a group role change without its group',
    { user: bob, previousRole: 'admin', role: 'member', state: 'active' },
  ],
  [
    'auth.membership.activated',
    'a reason of another previous state',
    { user: bob, previousState: 'pending', state: 'active', reason: 'reinvited' },
  ],
  [
    'messaging.message.created',
    'a message without its body',
    { message: { ...message, htmlBody: undefined }, mentions: [] },
  ],
  [
    'messaging.message.created',
    'an author who is neither a user nor an app',
    { message: { ...message, author: { type: 'group', EID: EIDS.group } }, mentions: [] },
  ],
  [
    'messaging.file.video_processed',
    'a state it never has',
    {
      alert: 'video_processing_complete',
      recipient: alice,
      file: { type: 'file', EID: EIDS.file, name: 'x' },
      state: 'processing',
      duration: 3,
    },
  ],
  [
    'messaging.chat_message.deleted',
    'the reason, shown to network administrators only',
    { ...SAMPLES['messaging.chat_message.deleted'], reason: 'spam' },
  ],
  [
    'messaging.poll.voted',
    'a voter who is not a person',
    { ...SAMPLES['messaging.poll.voted'], voter: { type: 'group', EID: EIDS.group } },
  ],
  ['kb.page.published', 'a draft', { page: { ...SAMPLES['kb.page.published']!.page, status: 'draft' } }],
  [
    'kb.category.created',
    'a `Z` timestamp',
    { category: { ...SAMPLES['kb.category.created']!.category, created: '2026-01-13T09:30:00Z' } },
  ],
];

describe('(c) the schemas', () => {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats.default(ajv);
  const validators = new Map(eventNames.map((name) => [name, ajv.compile(eventCatalogue[name].data)]));

  it('compiles every data and audience schema', () => {
    expect(validators.size).toBe(eventNames.length);
    for (const name of eventNames)
      expect(() => ajv.compile(audienceSchemaOf(eventCatalogue[name])), name).not.toThrow();
  });

  it('describes every event and lists the kinds of audience it may carry', () => {
    for (const name of eventNames) {
      const { description, audience } = eventCatalogue[name];
      expect(description.length, name).toBeGreaterThan(10);
      expect(description, name).not.toContain('\n');
      expect(audience.length, name).toBeGreaterThan(0);
      for (const kind of audience) expect(audienceKinds, name).toContain(kind);
    }
  });

  it('accepts the payload of each sampled call site, a few per service', () => {
    const sampled = Object.keys(SAMPLES) as EventName[];
    for (const service of ['auth', 'messaging', 'kb'])
      expect(sampled.filter((name) => name.startsWith(`${service}.`)).length, service).toBeGreaterThanOrEqual(
        3,
      );
    for (const name of sampled) {
      const validate = validators.get(name)!;
      expect(validate(SAMPLES[name]), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('refuses a wrong payload, and an unknown field where the shape is closed', () => {
    for (const [name, what, payload] of WRONG)
      expect(validators.get(name)!(payload), `${name}: ${what}`).toBe(false);
    for (const name of Object.keys(SAMPLES) as EventName[]) {
      const extra = { ...(SAMPLES[name] as object), unexpected: true };
      expect(validators.get(name)!(extra), name).toBe(false);
    }
  });

  it('validates the audience a producer fills, only of the kinds the event lists', () => {
    const isAudience = ajv.compile(EventAudience);
    expect(isAudience({ kind: 'network' })).toBe(true);
    expect(isAudience({ kind: 'group', groupEID: EIDS.group })).toBe(true);
    expect(isAudience({ kind: 'people', profileEIDs: [EIDS.alice, EIDS.bob] })).toBe(true);
    expect(isAudience({ kind: 'admins' })).toBe(true);
    expect(isAudience({ kind: 'internal' })).toBe(true);
    expect(isAudience({ kind: 'group_admins', groupEID: EIDS.group })).toBe(true);
    expect(isAudience({ kind: 'group_admins', groupEID: EIDS.group, profileEIDs: [EIDS.bob] })).toBe(true);
    expect(isAudience({ kind: 'group_admins', profileEIDs: [EIDS.bob] })).toBe(false);
    expect(isAudience({ kind: 'group_admins', groupEID: EIDS.group, profileEIDs: [] })).toBe(false);
    expect(isAudience({ kind: 'group' })).toBe(false);
    expect(isAudience({ kind: 'people', profileEIDs: [] })).toBe(false);
    expect(isAudience({ kind: 'network', groupEID: EIDS.group })).toBe(false);
    expect(isAudience({ kind: 'everyone' })).toBe(false);
    const forGroupEvent = ajv.compile(audienceSchemaOf(eventCatalogue['auth.group.created']));
    expect(forGroupEvent({ kind: 'group', groupEID: EIDS.group })).toBe(true);
    expect(forGroupEvent({ kind: 'network' })).toBe(false);
  });
});

describe('values copied from other areas', () => {
  const literals = (schema: TSchema) => (schema.anyOf as { const: string }[]).map((branch) => branch.const);

  it('match the lists they copy', () => {
    expect(literals(StoredRoleSchema)).toEqual([...storedRoleNames]);
    expect(literals(EventGroupRoleSchema)).toEqual([...groupRoles]);
    expect(literals(EventMembershipStateSchema)).toEqual([...membershipStates]);
    expect(literals(EventGroupTypeSchema)).toEqual([...groupTypeNames]);
    expect(literals(InvitationTypeSchema)).toEqual([...invitationTypes]);
    expect(literals(TaskKindSchema)).toEqual([...taskKinds]);
    expect(literals(JourneyFailureReasonSchema)).toEqual([...journeyFailureReasons]);
    expect(literals(KbAudienceTypeSchema)).toEqual([...kbAudienceTypes]);
    expect(literals(KbPageStatusSchema)).toEqual([...kbPageStatuses]);
    expect(literals(eventCatalogue['messaging.message.rsvp'].data.properties.rsvp)).toEqual([...rsvpAnswers]);
  });

  it('names only alert types notifications knows (`data.alert`)', () => {
    const alerts = eventNames.flatMap((name) => {
      const schema = eventCatalogue[name].data as TSchema;
      const alert = (schema.properties as Record<string, { const?: unknown }> | undefined)?.alert;
      return alert === undefined ? [] : [[name, alert.const] as const];
    });
    expect(alerts.length).toBeGreaterThan(10);
    for (const [name, alert] of alerts) expect(alertTypes, name).toContain(alert);
  });
});

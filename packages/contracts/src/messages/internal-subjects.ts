/**
 * Messaging: the internal subjects of messages (scheduled items, commenters) and of news (its
 * addressees, read from auth).
 */
import { Type } from '@sinclair/typebox';
import { NoBody, defineInternalSubject } from '../core/internal-subject.js';
import { Nullable } from '../core/schemas.js';
import { AddresseesPageRequestSchema, AddresseesPageSchema } from './news-resources.js';

export const messagesInternalSubjects = {
  scheduledItemsCount: defineInternalSubject({
    service: 'messaging',
    resource: 'scheduledItems',
    action: 'count',
    description:
      "Auth → messaging: the caller's number of scheduled items, for the network resource's `_user` (one count, not every badge counter: the network read is the gateway hop's baseline).",
    request: NoBody,
    reply: Type.Object({ numScheduledItems: Type.Integer({ minimum: 0 }) }),
  }),
  commenters: defineInternalSubject({
    service: 'messaging',
    resource: 'message',
    action: 'commenters',
    description:
      'Auth → messaging: who commented on a message the caller may read, keyset by profile EID after `after`; at most `limit` profile EIDs, ascending.',
    request: Type.Object({
      messageEID: Type.String(),
      after: Nullable(Type.String()),
      limit: Type.Number(),
    }),
    reply: Type.Object({ profileEIDs: Type.Array(Type.String()) }),
  }),
  addresseesPage: defineInternalSubject({
    service: 'auth',
    resource: 'addressees',
    action: 'page',
    description:
      "Messaging → auth (news): one page of a news item's addressees, `ctx.networkEID`'s active members or a group's, by EID after `after`.",
    request: AddresseesPageRequestSchema,
    reply: AddresseesPageSchema,
  }),
  // Hashtags: which followers of a tag may read a group message, in one batch.
  groupMembersAmong: defineInternalSubject({
    service: 'auth',
    resource: 'group',
    action: 'membersAmong',
    description:
      "Messaging → auth (hashtags): those of `profileEIDs` (at most 1,000) who are active members of the group `groupEID` of `ctx.networkEID` and active in the network, ascending (the group's live-stream audience among them).",
    request: Type.Object({
      groupEID: Type.String(),
      profileEIDs: Type.Array(Type.String(), { maxItems: 1000 }),
    }),
    reply: Type.Object({ profileEIDs: Type.Array(Type.String()) }),
  }),
} as const;

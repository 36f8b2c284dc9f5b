/**
 * Message actions, mentions. The `mentions` of a create body: references to
 * people of the network. Decisions: docs/decisions.md, "Messaging: actions, editing, removal,
 * subscriptions, mentions, apps".
 */
import { Type } from '@sinclair/typebox';
import { Ref } from '../core/schemas.js';

/** Most people one message or comment mentions. */
export const MENTIONS_MAX = 50;

/** `mentions` of a create body: references to people of the network (validated with auth). */
export const MentionsField = Type.Array(Ref('user'), {
  maxItems: MENTIONS_MAX,
  description: 'People of the network mentioned (each gets a `mention` event); at most 50',
});

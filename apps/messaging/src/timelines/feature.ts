/**
 * Profile timelines and threads as a message feature: a post to a person's profile timeline, a
 * reply's place in a comment's thread, the comment count and bubbling of the message commented on,
 * and what a message shows of them (`profile`, `bubble`, `$parentCommentEID`).
 */
import type { MessageFeature } from '../messages/features.js';
import { timelineKeyOf } from '../messages/rules.js';
import { forgetCommenter } from './commenters.js';
import type { TimelineStore } from './commenters-model.js';
import { profileTargetOf } from './profiles.js';
import { threadFieldsOf } from './rules.js';
import { countComment, threadParentOf } from './threads.js';

export function threadsFeature(models: TimelineStore): MessageFeature {
  return {
    name: 'threads',
    async create({ deps, caller, body }) {
      const profileEID = await profileTargetOf(deps.rpc, caller, body);
      if (profileEID === null) return undefined;
      return { fields: { profileEID, timelineKey: timelineKeyOf(null, profileEID) } };
    },
    async comment({ caller, message, body }) {
      const parentCommentEID = await threadParentOf(models, caller, message, body.parentCommentEID);
      return {
        fields: { parentCommentEID },
        // Counted before the comment's event: the message moves up its timeline.
        claim: (comment) => countComment(models, caller, message, comment),
      };
    },
    async remove(_caller, message) {
      if (message.parentEID) await forgetCommenter(models, message, message.parentEID); // `commented`
    },
    present: () => (doc, resource) => ({ ...resource, ...threadFieldsOf(doc) }),
  };
}

/**
 * Polls as a message feature: a new poll's answers and end time (other types refuse the poll
 * fields), and what a poll shows: its counts, the caller's vote, and `vote` while it runs.
 */
import { withActions, type MessageFeature } from '../messages/features.js';
import type { PollStore } from './model.js';
import { pollPresenter } from './presentation.js';
import { hasEnded, pollFieldsOf } from './rules.js';

export function pollsFeature(models: PollStore): MessageFeature {
  return {
    name: 'polls',
    create: ({ body, now }) => ({ fields: pollFieldsOf(body, now) }),
    async present(caller, docs) {
      const withPoll = await pollPresenter(models, caller, docs);
      const now = new Date();
      return (doc, resource) => {
        const presented = withPoll(doc, resource);
        if (doc.type !== 'poll' || !doc.poll || hasEnded(doc.poll, now)) return presented;
        return withActions(presented, { vote: true });
      };
    },
  };
}

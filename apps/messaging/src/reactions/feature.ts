/**
 * Emoji reactions as a message feature: what a page of messages shows (`reactions`, each emoji's
 * count and whether the caller is among them; the `react` action while the caller may react) and
 * the reactions released with a removed message. The counts come with the messages; the caller's
 * own reactions are one query for the whole page, and none when no message of it has a reaction.
 */
import type { Caller } from '../messages/access.js';
import { withActions, type MessageFeature } from '../messages/features.js';
import type { MessageDoc } from '../messages/models.js';
import { mayLike } from '../messages/rules.js';
import type { ReactionStore } from './models.js';
import { removeReactionsOf } from './reactions.js';

/** `messageEID → emoji` the caller reacted with, for the messages of a page that have reactions. */
async function reactionsOfCaller(
  models: ReactionStore,
  caller: Caller,
  docs: readonly MessageDoc[],
): Promise<Map<string, Set<string>>> {
  const reacted = docs.filter((doc) => (doc.reactionCounts?.length ?? 0) > 0).map((doc) => String(doc._id));
  const mine = new Map<string, Set<string>>();
  if (reacted.length === 0) return mine;
  const rows = await models.Reaction.find(
    { networkEID: caller.networkEID, profileEID: caller.profileEID, messageEID: { $in: reacted } },
    { messageEID: 1, emoji: 1 },
  ).lean();
  for (const row of rows) {
    const emoji = mine.get(row.messageEID) ?? new Set<string>();
    emoji.add(row.emoji);
    mine.set(row.messageEID, emoji);
  }
  return mine;
}

export function reactionsFeature(models: ReactionStore): MessageFeature {
  return {
    name: 'reactions',
    remove: (_caller, message) => removeReactionsOf(models, message),
    async present(caller, docs) {
      const mine = await reactionsOfCaller(models, caller, docs);
      return (doc, resource) => {
        const own = mine.get(String(doc._id));
        const reactions = (doc.reactionCounts ?? [])
          .filter((entry) => entry.count > 0)
          .map((entry) => ({ emoji: entry.emoji, count: entry.count, me: own?.has(entry.emoji) ?? false }));
        const presented = { ...resource, reactions };
        // The like's rule: reactable and not locked (a removed message offers nothing).
        return doc.status !== 'removed' && mayLike(doc) ? withActions(presented, { react: true }) : presented;
      };
    },
  };
}

/**
 * Saved items as a message feature: every message and comment the caller reads shows
 * `_user.saved` and offers `save` or `unsave`. The caller's bookmarks of the page are one query for
 * the whole page. Bookmarks outlive a removed message (its saver sees a tombstone in the list).
 */
import type { Caller } from '../messages/access.js';
import type { MessageFeature } from '../messages/features.js';
import type { MessageDoc } from '../messages/models.js';
import type { SavedStore } from './models.js';
import { withSavedState } from './rules.js';
import { savedOf } from './saved.js';

async function savedByCaller(models: SavedStore, caller: Caller, docs: readonly MessageDoc[]) {
  return new Set(
    await savedOf(
      models,
      caller,
      docs.map((doc) => String(doc._id)),
    ),
  );
}

export function savedFeature(models: SavedStore): MessageFeature {
  return {
    name: 'saved',
    async present(caller, docs) {
      // An app reading the network timeline has no bookmarks (and no `_user`).
      if (!caller.profileEID) return (_doc, resource) => resource;
      const saved = await savedByCaller(models, caller, docs);
      return (doc, resource) =>
        doc.status === 'removed' ? resource : withSavedState(resource, saved.has(String(doc._id)));
    },
  };
}

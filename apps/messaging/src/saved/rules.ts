/**
 * Saved items as plain functions: the bound per person, how a saved item reads (the thing
 * embedded, or a tombstone that says only what the person saved and why it is not shown), and the
 * affordances of a saved or unsaved thing. Decisions: docs/decisions.md, "Saved items".
 */
import {
  DomainError,
  SAVED_ITEMS_PER_PERSON_MAX,
  toTimestamp,
  type PlainResource,
  type SavedItemUnavailableReason,
} from '@ncs/contracts';
import type { SavedItemKind } from './models.js';

/** A bookmark as the rules need it. */
export interface SavedItemRow {
  readonly _id: unknown;
  readonly kind: string;
  readonly itemType: string;
  readonly itemEID: string;
  readonly savedAt: Date;
}

/** What became of a saved thing for its saver: here (as the saver reads it now) or why not. */
export type Availability =
  | { readonly available: true; readonly resource: PlainResource }
  | { readonly available: false; readonly reason: SavedItemUnavailableReason };

/** One more bookmark fits while the person keeps fewer than the bound. */
export function requireRoomToSave(kept: number): void {
  if (kept >= SAVED_ITEMS_PER_PERSON_MAX) throw new DomainError('MESSAGING_ERR_TOO_MANY_SAVED_ITEMS');
}

/**
 * Why a stored message is not shown to its saver, or undefined when it is: removed (or gone) before
 * anything else, so a removed message in a group the saver has left reads as removed.
 */
export function messageUnavailability(
  message: { readonly removedAt?: Date | null; readonly networkEID: string } | undefined,
  networkEID: string,
  readable: boolean,
): SavedItemUnavailableReason | undefined {
  if (!message || message.networkEID !== networkEID || message.removedAt) return 'removed';
  return readable ? undefined : 'no_access';
}

/**
 * The `saved_item` resource: the thing embedded as `item` when available, else a tombstone naming
 * only what was saved (type and EID, known to the saver already) and why it is not shown.
 */
export function presentSavedItem(row: SavedItemRow, availability: Availability): PlainResource {
  const ref = { type: row.itemType, EID: row.itemEID };
  const kind = row.kind as SavedItemKind;
  return {
    type: 'saved_item',
    EID: String(row._id),
    item: ref,
    message: kind === 'message' ? ref : null,
    page: kind === 'kb_page' ? ref : null,
    created: toTimestamp(row.savedAt), // when it was saved
    available: availability.available,
    reason: availability.available ? null : availability.reason,
    ...(availability.available ? { _embedded: { item: availability.resource } } : {}),
  };
}

/** The saver's standing and actions on a thing it may read: `_user.saved`, and `save` or `unsave`. */
export function withSavedState(resource: PlainResource, saved: boolean): PlainResource {
  return {
    ...resource,
    _user: { ...(resource._user as object | undefined), saved },
    _actions: {
      ...(resource._actions as object | undefined),
      ...(saved ? { unsave: true } : { save: true }),
    },
  };
}

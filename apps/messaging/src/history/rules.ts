/**
 * Edit history's rules, as plain functions: which edit makes a version, what the next version is,
 * and how many are kept.
 */
import { MESSAGE_HISTORY_MAX_VERSIONS } from '@ncs/contracts';

/** The text of a message that its history keeps. */
export interface MessageText {
  readonly htmlBody: string;
  readonly title?: string | null;
}

/**
 * Whether an edit changes the text: the stored body (`htmlBody`, already sanitised, or the old one
 * when the edit names none) or a title it names differs. An edit of only an event's place, of
 * recipients, mentions or attachments changes no text and makes no version.
 */
export function changesText(
  before: MessageText,
  edit: { readonly title?: string | undefined },
  htmlBody: string,
): boolean {
  if (htmlBody !== before.htmlBody) return true;
  return edit.title !== undefined && edit.title !== (before.title ?? null);
}

/** The version an edit replaces, from the latest one kept (none before the first edit). */
export interface LatestVersion {
  readonly version: number;
  readonly replacedByEID: string;
  readonly edited: Date;
}

/**
 * The number, editor and making time of the version an edit replaces: version 1 is the text as
 * posted (by the author, when posted); each later one was made by the edit that replaced the one
 * before it (so a later edit that changed no text does not count as making it).
 */
export function replacedVersionOf(
  latest: LatestVersion | null,
  message: { readonly authorEID: string; readonly created: Date },
): { version: number; editorEID: string; created: Date } {
  if (!latest) return { version: 1, editorEID: message.authorEID, created: message.created };
  return { version: latest.version + 1, editorEID: latest.replacedByEID, created: latest.edited };
}

/** The oldest version number kept once `newest` is stored: the newest `bound` stay. */
export function oldestKeptVersion(newest: number, bound = MESSAGE_HISTORY_MAX_VERSIONS): number {
  return Math.max(1, newest - bound + 1);
}

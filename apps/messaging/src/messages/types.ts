/**
 * Message types `announcement`, `app_update`, `private_message` and the fields that apply to
 * several types, as plain rules (unit-tested in types.test.ts): which type takes which field, who
 * posts an announcement, the bounds of `appData`. Decisions: docs/decisions.md, "Messaging: types,
 * fields and app posting".
 */
import { APP_DATA_MAX_BYTES, APP_DATA_MAX_DEPTH, DomainError, type CallerGroupAccess } from '@ncs/contracts';
import { visibleGroup } from './rules.js';

/** The create-body fields of this concern, and the existing ones some types refuse (`scheduledAt`, `group`). */
export const typeFields = [
  'reactable',
  'embeds',
  'headerBackground',
  'appData',
  'parentFolder',
  'recipients',
  'scheduledAt',
  'group',
] as const;
export type TypeField = (typeof typeFields)[number];

/** Which fields each posted type takes (a field absent here is a 400 naming it). */
const fieldsByType: Readonly<Record<string, readonly TypeField[]>> = {
  update: ['reactable', 'embeds', 'parentFolder', 'scheduledAt', 'group'],
  news: ['reactable', 'embeds', 'parentFolder', 'headerBackground', 'scheduledAt', 'group'],
  announcement: ['reactable', 'embeds', 'parentFolder', 'headerBackground', 'scheduledAt', 'group'],
  app_update: ['reactable', 'embeds', 'appData', 'group'],
  private_message: ['reactable', 'embeds', 'parentFolder', 'recipients'],
  // Tasks: a task is placed like an update, never scheduled.
  task: ['reactable', 'embeds', 'parentFolder', 'group'],
  // Polls: the question in `htmlBody`, answers in `poll` (polls/rules.ts).
  poll: ['reactable', 'embeds', 'parentFolder', 'group'],
  // Events: an event is placed like an update (not scheduled).
  event: ['reactable', 'embeds', 'parentFolder', 'headerBackground', 'group'],
};

export const fieldProblem = (field: string, message: string) =>
  new DomainError('MESSAGING_ERR_FIELD_NOT_FOR_TYPE', undefined, [{ pointer: `/body/${field}`, message }]);

const newsOnly = (field: string) =>
  new DomainError('MESSAGING_ERR_NEWS_ONLY_FIELD', undefined, [
    { pointer: `/body/${field}`, message: 'is taken for news only' },
  ]);
const notForType = (field: string, type: string) => fieldProblem(field, `is not taken for type ${type}`);

/**
 * The fields one type owns (its feature reads them: news/, tasks/, polls/, events/) and what they
 * get on any other type. With `fieldsByType` above, the one table of which type takes which field.
 */
const OWNED_FIELDS = {
  title: { type: 'news', refuse: newsOnly },
  status: { type: 'news', refuse: newsOnly },
  concatenatedFrom: { type: 'news', refuse: newsOnly },
  task: { type: 'task', refuse: (field: string) => fieldProblem(field, 'is taken for type task only') },
  poll: { type: 'poll', refuse: notForType },
  isAnonymous: { type: 'poll', refuse: notForType },
  event: { type: 'event', refuse: notForType },
} as const;
export type OwnedField = keyof typeof OWNED_FIELDS;
export const ownedFields = Object.keys(OWNED_FIELDS) as OwnedField[];

/** Refuses a field another type owns, on a new message or an edit alike. */
export function checkOwnedFields(type: string, body: Readonly<Partial<Record<OwnedField, unknown>>>): void {
  for (const field of ownedFields) {
    const owner = OWNED_FIELDS[field];
    if (body[field] !== undefined && owner.type !== type) throw owner.refuse(field, type);
  }
}

/**
 * Refuses a field the type does not take (owned by another type, or not in its row of
 * `fieldsByType`), and a private message without `recipients`.
 */
export function checkFieldsOfType(
  type: string,
  body: Readonly<Partial<Record<TypeField | OwnedField, unknown>>>,
): void {
  checkOwnedFields(type, body);
  const taken = fieldsByType[type] ?? [];
  for (const field of typeFields) {
    if (body[field] !== undefined && !taken.includes(field)) {
      throw fieldProblem(field, `is not taken for type ${type}`);
    }
  }
  if (type === 'private_message' && body.recipients === undefined) {
    throw fieldProblem('recipients', 'is required for a private_message');
  }
}

/** How deep a JSON value nests: a scalar 0, an empty or flat object or array 1. */
export function jsonDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, jsonDepth(child)), 0);
}

/** `appData` as stored (compact JSON), within its size and depth bounds (else a 400 naming it). */
export function appDataJsonOf(appData: object | undefined): string | null {
  if (appData === undefined) return null;
  if (jsonDepth(appData) > APP_DATA_MAX_DEPTH) {
    throw fieldProblem('appData', `nests deeper than ${APP_DATA_MAX_DEPTH} levels`);
  }
  const json = JSON.stringify(appData);
  if (Buffer.byteLength(json, 'utf8') > APP_DATA_MAX_BYTES) {
    throw fieldProblem('appData', `is larger than ${APP_DATA_MAX_BYTES} bytes as JSON`);
  }
  return json;
}

/**
 * Who posts which type: an `app_update` comes from apps only; an announcement to the network from
 * network administrators, to a group from those holding `edit_group` there (group and network
 * administrators; `post_message` is checked before).
 */
export function requireTypePoster(type: string, access: CallerGroupAccess, groupEID: string | null): void {
  if (type === 'app_update') throw new DomainError('MESSAGING_ERR_TYPE_FORBIDDEN');
  if (type !== 'announcement') return;
  const allowed =
    groupEID === null
      ? access.networkAdmin
      : (visibleGroup(access, groupEID)?.permissions.includes('edit_group') ?? false);
  if (!allowed) throw new DomainError('MESSAGING_ERR_TYPE_FORBIDDEN');
}

/** A private message and its comments are read by their participants (author and recipients) only. */
export function mayReadPrivate(
  message: { readonly participantEIDs?: readonly string[] | null },
  profileEID: string,
): boolean {
  const participants = message.participantEIDs;
  return !participants || participants.length === 0 || participants.includes(profileEID);
}

/**
 * App posting: `post_updates` for the network timeline; a group needs `post_to_any_group` (auth
 * answers `post_message` for it then; a hidden group without it is not listed: 404). An app
 * belongs to no group, so `post_updates` alone reaches none.
 */
export function requireAppPoster(access: CallerGroupAccess, groupEID: string | null): void {
  if (groupEID === null) {
    if (!access.app?.permissions.includes('post_updates')) {
      throw new DomainError('MESSAGING_ERR_APP_POST_FORBIDDEN');
    }
    return;
  }
  const group = visibleGroup(access, groupEID);
  if (!group) throw new DomainError('MESSAGING_ERR_GROUP_NOT_FOUND');
  if (!group.permissions.includes('post_message')) throw new DomainError('MESSAGING_ERR_APP_POST_FORBIDDEN');
}

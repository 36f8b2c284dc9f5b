import { describe, expect, it } from 'vitest';
import { APP_DATA_MAX_BYTES, DomainError, type CallerGroupAccess } from '@ncs/contracts';
import {
  appDataJsonOf,
  checkFieldsOfType,
  checkOwnedFields,
  jsonDepth,
  mayReadPrivate,
  requireAppPoster,
  requireTypePoster,
} from './types.js';
import { requireReactable } from './rules.js';

const G = '0123456789abcdef01234567';
const access = (permissions: string[], networkAdmin = false): CallerGroupAccess => ({
  networkAdmin,
  groups: [{ EID: G, hidden: false, membersMayPost: true, member: true, permissions }],
});
const appAccess = (appPermissions: string[], groupPermissions: string[] | null): CallerGroupAccess => ({
  networkAdmin: false,
  app: { EID: 'a'.repeat(24), permissions: appPermissions },
  groups:
    groupPermissions === null
      ? []
      : [{ EID: G, hidden: false, membersMayPost: true, member: false, permissions: groupPermissions }],
});
function problemOf(f: () => unknown): { code: string; pointers: string[] } | null {
  try {
    f();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.errorName, pointers: (error.details ?? []).map((e) => e.pointer) };
  }
}

describe('fields per message type', () => {
  it('takes each field only on the types it applies to, naming the field otherwise', () => {
    expect(problemOf(() => checkFieldsOfType('update', { reactable: false, embeds: [] }))).toBeNull();
    expect(problemOf(() => checkFieldsOfType('update', { headerBackground: '/x.png' }))).toEqual({
      code: 'MESSAGING_ERR_FIELD_NOT_FOR_TYPE',
      pointers: ['/body/headerBackground'],
    });
    expect(problemOf(() => checkFieldsOfType('news', { appData: {} }))?.pointers).toEqual(['/body/appData']);
    expect(problemOf(() => checkFieldsOfType('announcement', { headerBackground: '/x.png' }))).toBeNull();
    expect(problemOf(() => checkFieldsOfType('update', { recipients: [] }))?.pointers).toEqual([
      '/body/recipients',
    ]);
    expect(problemOf(() => checkFieldsOfType('app_update', { appData: { a: 1 } }))).toBeNull();
    expect(problemOf(() => checkFieldsOfType('app_update', { parentFolder: {} }))?.pointers).toEqual([
      '/body/parentFolder',
    ]);
  });

  it('refuses the fields another type owns, each with its own problem', () => {
    expect(problemOf(() => checkFieldsOfType('update', { poll: {} }))?.pointers).toEqual(['/body/poll']);
    expect(problemOf(() => checkFieldsOfType('update', { isAnonymous: true }))?.pointers).toEqual([
      '/body/isAnonymous',
    ]);
    expect(problemOf(() => checkFieldsOfType('poll', { poll: {}, isAnonymous: true }))).toBeNull();
    expect(problemOf(() => checkFieldsOfType('update', { title: 'T' }))).toEqual({
      code: 'MESSAGING_ERR_NEWS_ONLY_FIELD',
      pointers: ['/body/title'],
    });
    expect(problemOf(() => checkFieldsOfType('news', { title: 'T', status: 'draft' }))).toBeNull();
    expect(problemOf(() => checkFieldsOfType('event', { task: {} }))).toEqual({
      code: 'MESSAGING_ERR_FIELD_NOT_FOR_TYPE',
      pointers: ['/body/task'],
    });
    expect(problemOf(() => checkOwnedFields('news', { event: {} }))?.pointers).toEqual(['/body/event']);
    expect(problemOf(() => checkOwnedFields('event', { event: {} }))).toBeNull();
  });

  it('a private message needs recipients and takes no group and no scheduledAt', () => {
    expect(problemOf(() => checkFieldsOfType('private_message', {}))?.pointers).toEqual(['/body/recipients']);
    expect(problemOf(() => checkFieldsOfType('private_message', { recipients: [{}] }))).toBeNull();
    expect(
      problemOf(() => checkFieldsOfType('private_message', { recipients: [{}], group: {} }))?.pointers,
    ).toEqual(['/body/group']);
    expect(
      problemOf(() => checkFieldsOfType('private_message', { recipients: [{}], scheduledAt: 'x' }))?.pointers,
    ).toEqual(['/body/scheduledAt']);
  });
});

describe('appData bounds', () => {
  it('measures depth: scalars 0, a flat object 1', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
  });

  it('stores compact JSON within the bounds and refuses too deep or too large, naming appData', () => {
    expect(appDataJsonOf(undefined)).toBeNull();
    expect(appDataJsonOf({ score: 3, tags: ['a'] })).toBe('{"score":3,"tags":["a"]}');
    expect(problemOf(() => appDataJsonOf({ a: { b: { c: { d: { e: {} } } } } }))?.pointers).toEqual([
      '/body/appData',
    ]);
    expect(problemOf(() => appDataJsonOf({ a: { b: { c: { d: { e: 1 } } } } }))).toBeNull();
    expect(problemOf(() => appDataJsonOf({ big: 'x'.repeat(APP_DATA_MAX_BYTES) }))?.pointers).toEqual([
      '/body/appData',
    ]);
  });
});

describe('who posts which type', () => {
  it('an announcement: network administrators, in a group edit_group', () => {
    expect(problemOf(() => requireTypePoster('announcement', access([], true), null))).toBeNull();
    expect(problemOf(() => requireTypePoster('announcement', access([]), null))?.code).toBe(
      'MESSAGING_ERR_TYPE_FORBIDDEN',
    );
    expect(
      problemOf(() => requireTypePoster('announcement', access(['post_message', 'edit_group']), G)),
    ).toBeNull();
    expect(problemOf(() => requireTypePoster('announcement', access(['post_message']), G))?.code).toBe(
      'MESSAGING_ERR_TYPE_FORBIDDEN',
    );
  });

  it('app_update never from a person; other types unrestricted here', () => {
    expect(problemOf(() => requireTypePoster('app_update', access([], true), null))?.code).toBe(
      'MESSAGING_ERR_TYPE_FORBIDDEN',
    );
    expect(problemOf(() => requireTypePoster('private_message', access([]), null))).toBeNull();
  });

  it('an app: post_updates for the network, post_to_any_group (post_message) for a group', () => {
    expect(problemOf(() => requireAppPoster(appAccess(['post_updates'], null), null))).toBeNull();
    expect(problemOf(() => requireAppPoster(appAccess([], null), null))?.code).toBe(
      'MESSAGING_ERR_APP_POST_FORBIDDEN',
    );
    expect(problemOf(() => requireAppPoster(appAccess(['post_updates'], []), G))?.code).toBe(
      'MESSAGING_ERR_APP_POST_FORBIDDEN',
    );
    expect(
      problemOf(() => requireAppPoster(appAccess(['post_to_any_group'], ['post_message']), G)),
    ).toBeNull();
    expect(problemOf(() => requireAppPoster(appAccess(['post_updates'], null), G))?.code).toBe(
      'MESSAGING_ERR_GROUP_NOT_FOUND',
    );
  });
});

describe('private messages and reactable', () => {
  it('are read by their participants only; other messages by anyone allowed', () => {
    expect(mayReadPrivate({ participantEIDs: ['a', 'b'] }, 'b')).toBe(true);
    expect(mayReadPrivate({ participantEIDs: ['a', 'b'] }, 'c')).toBe(false);
    expect(mayReadPrivate({}, 'c')).toBe(true);
  });

  it('a message posted not reactable takes no likes or comments (409 -337)', () => {
    expect(problemOf(() => requireReactable({ locked: false, reactable: false }))?.code).toBe(
      'MESSAGING_ERR_NOT_REACTABLE',
    );
    expect(problemOf(() => requireReactable({ locked: false, reactable: true }))).toBeNull();
    expect(problemOf(() => requireReactable({ locked: true, reactable: false }))?.code).toBe(
      'MESSAGING_ERR_MESSAGE_LOCKED',
    );
  });
});

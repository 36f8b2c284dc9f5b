import { describe, expect, it } from 'vitest';
import type { CallerGroupAccess } from '@ncs/contracts';
import { deletePermissionOf, mayRemove, requireEditor } from './action-rules.js';

const group = (permissions: string[]) => ({
  EID: 'g1',
  hidden: false,
  membersMayPost: true,
  member: true,
  permissions,
});
const access = (networkAdmin: boolean, permissions: string[] = []): CallerGroupAccess => ({
  networkAdmin,
  groups: [group(permissions)],
});
const message = (fields: Partial<{ type: string; groupEID: string | null; locked: boolean }> = {}) => ({
  type: 'update',
  authorEID: 'author',
  groupEID: 'g1',
  locked: false,
  ...fields,
});

describe('requireEditor', () => {
  it('lets the author edit an unlocked message only', () => {
    expect(() => requireEditor(message(), { profileEID: 'author' })).not.toThrow();
    expect(() => requireEditor(message(), { profileEID: 'other' })).toThrow(
      expect.objectContaining({ errorName: 'MESSAGING_ERR_EDIT_FORBIDDEN' }),
    );
    expect(() => requireEditor(message({ locked: true }), { profileEID: 'author' })).toThrow(
      expect.objectContaining({ errorName: 'MESSAGING_ERR_EDIT_LOCKED' }),
    );
  });
});

describe('mayRemove', () => {
  it('names the group permission of each type', () => {
    expect(deletePermissionOf('comment')).toBe('delete_comment');
    expect(deletePermissionOf('news')).toBe('delete_news');
    expect(deletePermissionOf('update')).toBe('delete_message');
  });

  it('lets the author, a network admin and the holder of the type’s group permission remove', () => {
    const other = { profileEID: 'other' };
    expect(mayRemove(message(), { profileEID: 'author' }, access(false))).toBe(true);
    expect(mayRemove(message(), other, access(true))).toBe(true);
    expect(mayRemove(message(), other, access(false, ['delete_message']))).toBe(true);
    expect(mayRemove(message({ type: 'comment' }), other, access(false, ['delete_message']))).toBe(false);
    expect(mayRemove(message({ type: 'comment' }), other, access(false, ['delete_comment']))).toBe(true);
    expect(mayRemove(message({ type: 'news' }), other, access(false, ['delete_news']))).toBe(true);
    expect(mayRemove(message(), other, access(false, ['post_message']))).toBe(false);
    expect(mayRemove(message({ groupEID: null }), other, access(false, ['delete_message']))).toBe(false);
  });
});

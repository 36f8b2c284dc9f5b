import { describe, expect, it } from 'vitest';

import { Types } from 'mongoose';
import type { ManagerDoc } from '../core/models.js';
import { presentManagers, requireAssignableProfile, requireTopLevelCategory } from './rules.js';
import { refusal } from '../test/refusal.js';

const POINTER = '/body/profileEID';

describe('requireTopLevelCategory', () => {
  it('assigns managers to top-level categories and refuses child categories', () => {
    expect(refusal(() => requireTopLevelCategory({ parentEID: null }))).toBeUndefined();
    expect(refusal(() => requireTopLevelCategory({ parentEID: 'd'.repeat(24) }))?.errorName).toBe(
      'KB_ERR_MANAGER_TOP_LEVEL_ONLY',
    );
  });
});

describe('requireAssignableProfile', () => {
  it('takes an active member who is not external', () => {
    expect(
      refusal(() => requireAssignableProfile({ EID: 'p1', userState: 'active', extrnal: false }, POINTER)),
    ).toBeUndefined();
  });

  it('refuses a profile auth did not answer (another network’s) or one not active, at the pointer', () => {
    const missing = refusal(() => requireAssignableProfile(undefined, POINTER));
    expect(missing?.errorName).toBe('KB_ERR_MANAGER_PROFILE_NOT_FOUND');
    expect(missing?.details).toEqual([
      { pointer: POINTER, message: 'is not an active member of this network' },
    ]);
    expect(
      refusal(() => requireAssignableProfile({ EID: 'p1', userState: 'suspended' }, '/body/profile/EID'))
        ?.details,
    ).toEqual([{ pointer: '/body/profile/EID', message: 'is not an active member of this network' }]);
  });

  it('refuses an external member', () => {
    const external = refusal(() =>
      requireAssignableProfile({ EID: 'p1', userState: 'active', extrnal: true }, POINTER),
    );
    expect(external?.errorName).toBe('KB_ERR_MANAGER_EXTERNAL_PROFILE');
    expect(external?.details).toEqual([{ pointer: POINTER, message: 'is external' }]);
  });
});

describe('presentManagers', () => {
  it('lists the managers as users of the category, with their count', () => {
    const manager = (profileEID: string) =>
      ({
        _id: new Types.ObjectId(),
        networkEID: 'n',
        categoryEID: 'k',
        profileEID,
        created: new Date(),
      }) as ManagerDoc;
    expect(presentManagers('k', [manager('p1'), manager('p2')])).toEqual({
      type: 'kb_category_managers',
      EID: 'k',
      category: { type: 'kb_category', EID: 'k' },
      users: [
        { type: 'user', EID: 'p1' },
        { type: 'user', EID: 'p2' },
      ],
      total: 2,
    });
    expect(presentManagers('k', [])).toMatchObject({ users: [], total: 0 });
  });
});

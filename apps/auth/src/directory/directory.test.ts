/** Pure rules of the directory: roles per version, counts, postable types, edit rights, values, filters. */
import { describe, expect, it } from 'vitest';
import type { ProfileDoc } from '../core/models.js';
import { impreciseCount } from './networks.js';
import {
  isAdminRole,
  permissionsForRole,
  principalRole,
  reportedRole,
  reportedRoleNames,
  storedRolesFor,
} from '../core/permissions.js';
import { postableTypes } from './postable-types.js';
import { editRefusal, invalidProfileValues } from './profile-edits.js';
import { profileListFilter } from './profile-list.js';
import { visibleBirthday } from './profiles.js';

describe('roles', () => {
  it('collapses every administrator variant into `admin` from 1.4.8, not before', () => {
    for (const variant of ['admin', 'network_manager', 'community_manager']) {
      expect(isAdminRole(variant)).toBe(true);
      expect(reportedRole(variant, '1.4.8')).toBe('admin');
      expect(reportedRole(variant, '2026.1.13')).toBe('admin');
      expect(reportedRole(variant, '1.4.7')).toBe(variant);
      expect(principalRole(variant)).toBe('admin');
      expect(permissionsForRole(variant)).toContain('MANAGE_NETWORK');
    }
    expect(reportedRole('member', '1.4.7')).toBe('member');
    expect(permissionsForRole('member')).toEqual(['VIEW_TASK']);
  });

  it('lists the reported role names and maps a reported name back to stored roles', () => {
    expect(reportedRoleNames('2026.1.13')).toEqual(['admin', 'member']);
    expect(reportedRoleNames('1.0.2')).toEqual(['admin', 'network_manager', 'community_manager', 'member']);
    expect(storedRolesFor('admin', '1.4.8')).toEqual(['admin', 'network_manager', 'community_manager']);
    expect(storedRolesFor('admin', '1.4.7')).toEqual(['admin']);
    expect(storedRolesFor('network_manager', '1.4.7')).toEqual(['network_manager']);
    expect(storedRolesFor('network_manager', '1.4.8')).toBeUndefined();
    expect(storedRolesFor('owner', '1.4.7')).toBeUndefined();
  });
});

describe('impreciseCount', () => {
  it.each([
    [0, 0],
    [7, 7],
    [99, 99],
    [100, 100],
    [999, 990],
    [1234, 1200],
    [98_765, 98_000],
  ])('%i → %i', (count, shown) => expect(impreciseCount(count)).toBe(shown));
});

describe('postableTypes', () => {
  const base = { own: false, targetActive: true, targetIsBot: false, features: [] as string[] };
  it('never offers event; update only with personal_timeline; private_message on own and other profiles', () => {
    expect(postableTypes(base)).toEqual(['task', 'poll', 'private_message']);
    expect(postableTypes({ ...base, features: ['personal_timeline'] })).toEqual([
      'update',
      'task',
      'poll',
      'private_message',
    ]);
    expect(postableTypes({ ...base, own: true })).toEqual(['task', 'private_message']);
    expect(postableTypes({ ...base, own: true, features: ['personal_timeline'] })).toContain('update');
    for (const own of [true, false]) {
      expect(postableTypes({ ...base, own, features: ['personal_timeline'] })).not.toContain('event');
    }
  });

  it('offers private messages only to a bot, and nothing on a profile that is not active', () => {
    expect(postableTypes({ ...base, targetIsBot: true })).toEqual(['private_message']);
    expect(postableTypes({ ...base, targetActive: false })).toEqual([]);
  });
});

describe('editRefusal', () => {
  const open = { allowEditingProfileBio: true, allowEditingJobTitle: true };
  const locked = { allowEditingProfileBio: false, allowEditingJobTitle: false };
  const person = { own: true, admin: false };
  const admin = { own: false, admin: true };
  const peer = { own: false, admin: false };

  it('lets the person change their preferences, nobody else', () => {
    expect(editRefusal('tourCompleted', person, open)).toBeNull();
    expect(editRefusal('tourCompleted', admin, open)).toMatch(/only the person/);
    expect(editRefusal('chatEnabled', peer, open)).not.toBeNull();
  });

  it('locks aboutMe and jobTitle for members per network setting, never for administrators', () => {
    expect(editRefusal('aboutMe', person, open)).toBeNull();
    expect(editRefusal('aboutMe', person, locked)).toMatch(/allowEditingProfileBio/);
    expect(editRefusal('jobTitle', person, locked)).toMatch(/allowEditingJobTitle/);
    expect(editRefusal('jobTitle', admin, locked)).toBeNull();
    expect(editRefusal('jobTitle', { own: true, admin: true }, locked)).toBeNull();
    expect(editRefusal('aboutMe', peer, open)).not.toBeNull();
  });

  it('keeps employmentStartDate and XID for administrators', () => {
    expect(editRefusal('employmentStartDate', person, open)).toMatch(/administrators/);
    expect(editRefusal('XID', person, open)).not.toBeNull();
    expect(editRefusal('employmentStartDate', admin, open)).toBeNull();
  });
});

describe('invalidProfileValues', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it.each([
    [{ birthday: { day: 30, month: 2, year: null } }, '/body/birthday'],
    [{ birthday: { day: 29, month: 2, year: 2025 } }, '/body/birthday'],
    [{ birthday: { day: 2, month: 3, year: 2026 } }, '/body/birthday'],
    [{ workStatusValidUntil: '2026-03-01T11:59:59+00:00' }, '/body/workStatusValidUntil'],
  ])('refuses %j', (changes, pointer) => {
    expect(invalidProfileValues(changes, now).map((d) => d.pointer)).toEqual([pointer]);
  });
  it.each([
    [{ birthday: { day: 29, month: 2, year: null } }],
    [{ birthday: { day: 29, month: 2, year: 2024 } }],
    [{ birthday: null }],
    [{ workStatusValidUntil: '2026-03-01T13:00:00+01:00' }],
  ])('accepts %j', (changes) => {
    expect(invalidProfileValues(changes, new Date('2026-03-01T11:00:00Z'))).toEqual([]);
  });
});

describe('visibleBirthday', () => {
  const profile = (birthdayPrivacy: string) =>
    ({ birthDay: 3, birthMonth: 7, birthYear: 1985, birthdayPrivacy }) as unknown as ProfileDoc;
  it('shows the own birthday always, others per privacy', () => {
    expect(visibleBirthday(profile('private'), true)).toEqual({ day: 3, month: 7, year: 1985 });
    expect(visibleBirthday(profile('private'), false)).toBeNull();
    expect(visibleBirthday(profile('network_without_year'), false)).toEqual({ day: 3, month: 7, year: null });
    expect(visibleBirthday(profile('network'), false)).toEqual({ day: 3, month: 7, year: 1985 });
  });
});

describe('profileListFilter', () => {
  const net = 'a'.repeat(24);
  const me = 'b'.repeat(24);
  it('takes active profiles by default, also suspended and deleted with modified_since', () => {
    expect(profileListFilter(net, me, false, { limit: 20, offset: 0 }, '2026.1.13')).toEqual({
      networkEID: net,
      userState: 'active',
    });
    const since = new Date('2024-01-01T00:00:00Z');
    expect(
      profileListFilter(net, me, false, { limit: 20, offset: 0, modifiedSince: since }, '2026.1.13'),
    ).toEqual({
      networkEID: net,
      userState: { $in: ['active', 'suspended', 'deleted'] },
      lastModified: { $gte: since },
    });
  });

  it('for chat leaves out the caller, and members who turned chat off only while custom settings are allowed', () => {
    const chat = { limit: 20, offset: 0, scope: 'chat' as const };
    expect(profileListFilter(net, me, false, chat, '2026.1.13')).toEqual({
      networkEID: net,
      userState: 'active',
      _id: { $nin: [me] },
    });
    expect(profileListFilter(net, me, true, chat, '2026.1.13')).toMatchObject({ chatEnabled: true });
  });

  it('combines role filters and the profile sets of group filters', () => {
    const filter = profileListFilter(
      net,
      me,
      false,
      {
        limit: 20,
        offset: 0,
        role: 'admin',
        excludeRole: 'admin',
        excludeProfileEIDs: ['c'.repeat(24)],
        onlyProfileEIDs: ['d'.repeat(24)],
      },
      '1.4.7',
    );
    expect(filter).toMatchObject({
      role: { $in: [] },
      _id: { $nin: ['c'.repeat(24)], $in: ['d'.repeat(24)] },
    });
    expect(() =>
      profileListFilter(net, me, false, { limit: 1, offset: 0, role: 'network_manager' }, '1.4.8'),
    ).toThrow(/not a role/);
  });
});

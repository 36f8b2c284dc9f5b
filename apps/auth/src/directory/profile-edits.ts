/**
 * Profile edits: who may change which field, values the schemas cannot check, and the XID kept
 * unique per network. Rules where the spec is silent: docs/decisions.md, "Directory: network
 * settings and profiles".
 */
import { DomainError, type ErrorDetail, type PlainResource, type RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError, pick } from '@ncs/service-kit';
import type { DirectoryStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { type DirectoryCaller, findMemberCaller } from '../core/callers.js';
import type { NetworkDoc, ProfileDoc } from '../core/models.js';
import { type BirthdayValue, findNetworkProfile, presentOne } from './profiles.js';

/** The profile fields a PUT carries (by EID, or by XID with a password beside them). */
export type ProfileEdit = RouteBody<'profile.update'>;

/** The person's own preferences: only the person changes them. */
const PERSONAL_FIELDS = [
  'workStatus',
  'workStatusValidUntil',
  'autoTranslation',
  'tourCompleted',
  'chatEnabled',
  'birthday',
  'birthdayPrivacy',
  'primaryEmailPrivacy',
  'language',
] as const;
/** The person's names in the network: the person and administrators. */
const NAME_FIELDS = ['firstName', 'lastName'] as const;
/** Profile facts the person edits unless the network locks them; administrators always. */
const LOCKABLE_FIELDS = { aboutMe: 'allowEditingProfileBio', jobTitle: 'allowEditingJobTitle' } as const;
/** HR facts: administrators (and privileged apps) only. */
const ADMIN_FIELDS = ['employmentStartDate', 'XID'] as const;
const EDITABLE_FIELDS = [...PERSONAL_FIELDS, ...NAME_FIELDS, 'aboutMe', 'jobTitle', ...ADMIN_FIELDS] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];

/**
 * Why the caller may not change `field` of the target profile, or null when they may. Apps reach
 * this only through the XID route with `get_profile_xid`, and act as administrators there.
 */
export function editRefusal(
  field: EditableField,
  who: { own: boolean; admin: boolean },
  network: Pick<NetworkDoc, 'allowEditingProfileBio' | 'allowEditingJobTitle'>,
): string | null {
  if ((PERSONAL_FIELDS as readonly string[]).includes(field)) {
    return who.own ? null : 'only the person may change it';
  }
  if ((NAME_FIELDS as readonly string[]).includes(field)) {
    return who.own || who.admin ? null : 'only the person and network administrators may change it';
  }
  if (field === 'aboutMe' || field === 'jobTitle') {
    if (who.admin) return null;
    if (!who.own) return 'only the person and network administrators may change it';
    return network[LOCKABLE_FIELDS[field]]
      ? null
      : `the network does not allow members to change it (${LOCKABLE_FIELDS[field]})`;
  }
  return who.admin ? null : 'only network administrators may change it';
}

function daysInMonth(month: number, year: number | null): number {
  // Without a year, 29 February is allowed (a leap-day birthday).
  return new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
}

/** Checks that schemas cannot express; a 400 naming the field. */
export function invalidProfileValues(
  changes: Partial<Record<EditableField, unknown>>,
  now: Date,
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const birthday = changes.birthday as BirthdayValue | null | undefined;
  if (birthday) {
    if (birthday.day > daysInMonth(birthday.month, birthday.year)) {
      details.push({ pointer: '/body/birthday', message: 'is not a date of the calendar' });
    } else if (
      birthday.year !== null &&
      Date.UTC(birthday.year, birthday.month - 1, birthday.day) > now.getTime()
    ) {
      details.push({ pointer: '/body/birthday', message: 'must not be in the future' });
    }
  }
  const until = changes.workStatusValidUntil;
  if (typeof until === 'string') {
    const time = Date.parse(until);
    if (Number.isNaN(time))
      details.push({ pointer: '/body/workStatusValidUntil', message: 'is not a valid date-time' });
    else if (time <= now.getTime())
      details.push({ pointer: '/body/workStatusValidUntil', message: 'must be in the future' });
  }
  const start = changes.employmentStartDate;
  if (typeof start === 'string' && Number.isNaN(Date.parse(`${start}T00:00:00Z`))) {
    details.push({ pointer: '/body/employmentStartDate', message: 'is not a date of the calendar' });
  }
  return details;
}

/** The stored form of validated profile changes. */
function profileSet(changes: Partial<Record<EditableField, unknown>>, networkEID: string) {
  const set: Record<string, unknown> = {};
  const unset: Record<string, 1> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (field === 'birthday') {
      const birthday = value as BirthdayValue | null;
      set.birthDay = birthday?.day ?? null;
      set.birthMonth = birthday?.month ?? null;
      set.birthYear = birthday?.year ?? null;
    } else if (field === 'workStatusValidUntil') {
      set.workStatusValidUntil = value === null ? null : new Date(value as string);
    } else if (field === 'XID') {
      set.XID = value;
      if (value === null) unset.xidKey = 1;
      else set.xidKey = `${networkEID}/${value as string}`;
    } else {
      set[field] = value;
    }
  }
  return { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) };
}

/**
 * Applies a profile edit after every check: who may change which field (403 naming each refused
 * field, nothing stored), values (400), a taken XID (409). Returns the stored profile.
 */
export async function applyProfileEdit(
  models: DirectoryStore,
  caller: DirectoryCaller,
  target: ProfileDoc,
  body: ProfileEdit,
): Promise<ProfileDoc> {
  const changes = pick(body, EDITABLE_FIELDS);
  const who =
    caller.kind === 'member'
      ? { own: caller.profileEID === String(target._id), admin: caller.admin }
      : { own: false, admin: true };
  const refused: ErrorDetail[] = [];
  for (const field of Object.keys(changes) as EditableField[]) {
    const reason = editRefusal(field, who, caller.network);
    if (reason) refused.push({ pointer: `/body/${field}`, message: reason });
  }
  if (refused.length > 0) {
    throw new DomainError(
      'DIR_ERR_FIELD_NOT_EDITABLE',
      `You may not change ${refused.map((r) => r.pointer.slice('/body/'.length)).join(', ')} of this profile.`,
      refused,
    );
  }
  const invalid = invalidProfileValues(changes, new Date());
  if (invalid.length > 0) {
    throw new DomainError(
      'DIR_ERR_INVALID_PROFILE_FIELD',
      'A profile field has a value that is not allowed.',
      invalid,
    );
  }
  if (Object.keys(changes).length === 0) return target;
  const xidTaken = () =>
    new DomainError('DIR_ERR_XID_TAKEN', undefined, [
      { pointer: '/body/XID', message: 'is already used by another profile of this network' },
    ]);
  if (typeof changes.XID === 'string') {
    const holder = await models.Profile.exists({
      xidKey: `${target.networkEID}/${changes.XID}`,
      _id: { $ne: target._id },
    });
    if (holder) throw xidTaken();
  }
  try {
    const updated = await models.Profile.findOneAndUpdate(
      { _id: target._id, networkEID: target.networkEID },
      profileSet(changes, target.networkEID),
      { returnDocument: 'after', runValidators: true },
    ).lean<ProfileDoc>();
    if (!updated) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
    return updated;
  } catch (error) {
    // A concurrent edit took the XID between the check and the write (the unique index decides).
    if (isDuplicateKeyError(error)) throw xidTaken();
    throw error;
  }
}

/** `PUT /networks/{networkEID}/users/{profileEID}/`. */
export async function updateProfile(
  models: DirectoryStore,
  ctx: RequestContext,
  profileEID: string,
  body: ProfileEdit,
): Promise<PlainResource> {
  const caller = await findMemberCaller(models, ctx);
  const own = caller.profileEID === profileEID;
  // Another member's profile: administrators only; a member learns nothing about the EID.
  if (!own && !caller.admin)
    throw new DomainError(
      'AUTH_ERR_NOT_NETWORK_ADMIN',
      'Only the person and network administrators may edit a profile.',
    );
  const target = own
    ? caller.profile
    : await findNetworkProfile(models, String(caller.network._id), profileEID);
  const updated = await applyProfileEdit(models, caller, target, body);
  return presentOne(models, caller, ctx, updated);
}

/**
 * Network profiles: their representation for a given viewer (privacy of e-mail and birthday, the
 * person's own fields, roles per version), the users collection and its filters, profile edits
 * with who-may-change-what, profiles by XID (with password changes) and postable types.
 * Rules where the spec is silent: docs/decisions.md, "Directory: network settings and profiles".
 */
import {
  DomainError,
  toTimestamp,
  type ErrorDetail,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { isValidObjectId, type QueryFilter } from 'mongoose';
import type { EventSink } from '../dependencies.js';
import type { AccountDoc, AuthModels, NetworkDoc, ProfileDoc } from '../models/index.js';
import { findAdminOrAppCaller, findMemberCaller, type DirectoryCaller } from './directory.js';
import { isDuplicateKeyError, pick } from '@ncs/service-kit';
import { revokeTokens } from './directory-tokens.js';
import { reportedRole, storedRolesFor } from './permissions.js';
import { hashSecret } from './secrets.js';

// ---------------------------------------------------------------------------------------------
// Representation

/** Who looks at a profile: what they may see of it depends on who they are. */
export interface Viewer {
  /** The viewer's own profile in the network; absent for apps. */
  readonly profileEID?: string;
  /** Administrators and privileged apps see every primary e-mail address. */
  readonly privileged: boolean;
  readonly version: string;
  readonly now: Date;
}

export function viewerOf(caller: DirectoryCaller, ctx: RequestContext): Viewer {
  return caller.kind === 'member'
    ? { profileEID: caller.profileEID, privileged: caller.admin, version: ctx.version, now: new Date() }
    : { privileged: true, version: ctx.version, now: new Date() };
}

export interface BirthdayValue {
  readonly day: number;
  readonly month: number;
  readonly year: number | null;
}

/**
 * The birthday a viewer sees: the person always sees their own; others per its privacy
 * (`network`: full date, `network_without_year`: day and month, `private`: nothing).
 */
export function visibleBirthday(profile: ProfileDoc, own: boolean): BirthdayValue | null {
  if (profile.birthDay == null || profile.birthMonth == null) return null;
  const full = { day: profile.birthDay, month: profile.birthMonth, year: profile.birthYear ?? null };
  if (own) return full;
  switch (profile.birthdayPrivacy) {
    case 'network':
      return full;
    case 'network_without_year':
      return { ...full, year: null };
    default:
      return null;
  }
}

/**
 * The primary e-mail a viewer sees: the person, administrators, and everyone when its privacy is
 * `network`. It is the address the network invited or provisioned, so the only account field shown.
 */
function visibleEmail(
  profile: ProfileDoc,
  account: Pick<AccountDoc, 'email'> | null,
  network: Pick<NetworkDoc, 'defaultPrimaryEmailPrivacySetting'>,
  own: boolean,
  viewer: Viewer,
): string | null {
  const email = account?.email ?? null;
  if (own || viewer.privileged) return email;
  const privacy = profile.primaryEmailPrivacy ?? network.defaultPrimaryEmailPrivacySetting;
  return privacy === 'network' ? email : null;
}

/** What a profile's network knows of it: nothing but the profile and the network's own settings. */
export type PresentedNetwork = Pick<NetworkDoc, 'defaultPrimaryEmailPrivacySetting' | 'language'>;

/**
 * A profile as `viewer` sees it. Everything shown comes from the profile itself (names, language,
 * job title…), never from the account, which other networks share: only the e-mail address, the
 * one the network itself invited or provisioned, is read from it.
 */
export function presentProfile(
  profile: ProfileDoc,
  account: Pick<AccountDoc, 'email'> | null,
  network: PresentedNetwork,
  viewer: Viewer,
): PlainResource {
  const own = viewer.profileEID === String(profile._id);
  const firstName = profile.firstName ?? '';
  const lastName = profile.lastName ?? '';
  // A work status stops at its end; it is then reported as unset.
  const statusLive =
    profile.workStatus != null &&
    (!profile.workStatusValidUntil || profile.workStatusValidUntil.getTime() > viewer.now.getTime());
  return {
    type: 'user',
    EID: String(profile._id),
    XID: profile.XID ?? null,
    fullName: `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    jobTitle: profile.jobTitle,
    primaryEmail: visibleEmail(profile, account, network, own, viewer),
    language: profile.language ?? network.language ?? 'en',
    role: reportedRole(profile.role, viewer.version),
    userState: profile.userState,
    isBot: profile.isBot,
    extrnal: profile.external,
    autoTranslation: profile.autoTranslation,
    aboutMe: profile.aboutMe ?? '',
    workStatus: statusLive ? profile.workStatus : null,
    workStatusValidUntil:
      statusLive && profile.workStatusValidUntil ? toTimestamp(profile.workStatusValidUntil) : null,
    employmentStartDate: profile.employmentStartDate ?? null,
    birthday: visibleBirthday(profile, own),
    // The person's own settings and preferences: shown to the person only.
    ...(own
      ? {
          birthdayPrivacy: profile.birthdayPrivacy,
          primaryEmailPrivacy: profile.primaryEmailPrivacy ?? null,
          chatEnabled: profile.chatEnabled,
          tourCompleted: profile.tourCompleted,
        }
      : {}),
    network: { type: 'network', EID: profile.networkEID },
    lastModified: toTimestamp(profile.lastModified),
  };
}

async function accountsOf(models: AuthModels, profiles: readonly ProfileDoc[]) {
  // The e-mail address only: nothing else of an account may reach a network's representation.
  const accounts = await models.Account.find(
    { _id: { $in: profiles.map((p) => p.accountId) } },
    { email: 1 },
  ).lean<Pick<AccountDoc, '_id' | 'email'>[]>();
  return new Map(accounts.map((a) => [String(a._id), a]));
}

async function presentProfiles(
  models: AuthModels,
  profiles: readonly ProfileDoc[],
  network: PresentedNetwork,
  viewer: Viewer,
): Promise<PlainResource[]> {
  const accounts = await accountsOf(models, profiles);
  return profiles.map((p) => presentProfile(p, accounts.get(p.accountId) ?? null, network, viewer));
}

/** Profiles of the caller's network by EID, in one query (for `embed=` of any service). */
export async function findProfilesForEmbed(
  models: AuthModels,
  ctx: RequestContext,
  profileEIDs: readonly string[],
): Promise<PlainResource[]> {
  const caller = await findMemberCaller(models, ctx);
  const ids = profileEIDs.filter((eid) => /^[0-9a-f]{24}$/.test(eid));
  const profiles = await models.Profile.find({
    networkEID: String(caller.network._id),
    _id: { $in: ids },
  }).lean<ProfileDoc[]>();
  return presentProfiles(models, profiles, caller.network, viewerOf(caller, ctx));
}

/** A profile of the caller's network, or 404 (the same answer for another network's profile). */
async function findNetworkProfile(
  models: AuthModels,
  networkEID: string,
  profileEID: string,
): Promise<ProfileDoc> {
  if (!isValidObjectId(profileEID)) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const profile = await models.Profile.findOne({ _id: profileEID, networkEID }).lean<ProfileDoc>();
  if (!profile) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  return profile;
}

export async function getProfile(models: AuthModels, ctx: RequestContext, profileEID: string) {
  const caller = await findMemberCaller(models, ctx);
  const profile = await findNetworkProfile(models, String(caller.network._id), profileEID);
  const [presented] = await presentProfiles(models, [profile], caller.network, viewerOf(caller, ctx));
  return presented!;
}

/** Presents one profile of the caller's network after a change, as the caller sees it. */
export async function presentOne(
  models: AuthModels,
  caller: DirectoryCaller,
  ctx: RequestContext,
  profile: ProfileDoc,
): Promise<PlainResource> {
  const [presented] = await presentProfiles(models, [profile], caller.network, viewerOf(caller, ctx));
  return presented!;
}

// ---------------------------------------------------------------------------------------------
// The users collection

export interface ProfileListOptions {
  readonly limit: number;
  readonly offset: number;
  readonly scope?: 'chat';
  /** Roles as reported in the request's version. */
  readonly role?: string;
  readonly excludeRole?: string;
  readonly modifiedSince?: Date;
  /**
   * Profile sets from group memberships (`exclude_group`, `addable_to`), resolved by the groups
   * area and applied here: left out, or the only ones considered.
   */
  readonly excludeProfileEIDs?: readonly string[];
  readonly onlyProfileEIDs?: readonly string[];
}

/** The list options of a validated `profile.list` query. */
export function profileListOptions(query: Record<string, unknown>): ProfileListOptions {
  return {
    limit: Number(query.limit ?? 20),
    offset: Number(query.offset ?? 0),
    ...(query.scope === 'chat' ? { scope: 'chat' as const } : {}),
    ...(typeof query.role === 'string' ? { role: query.role } : {}),
    ...(typeof query.exclude_role === 'string' ? { excludeRole: query.exclude_role } : {}),
    ...(typeof query.modified_since === 'string' ? { modifiedSince: new Date(query.modified_since) } : {}),
  };
}

function rolesOrFail(reported: string, version: string, parameter: string) {
  const stored = storedRolesFor(reported, version);
  if (!stored) {
    throw new DomainError(
      'DIR_ERR_ROLE_NOT_IN_VERSION',
      `${parameter} '${reported}' is not a role in version ${version}.`,
      [{ pointer: `/query/${parameter}`, message: `is not a role in version ${version}` }],
    );
  }
  return stored;
}

/**
 * The MongoDB filter of a users-collection page. Active profiles, except with `modified_since`
 * (outside `scope=chat`), which also returns suspended and deleted ones so that a synchronising
 * client learns about them. `scope=chat` leaves out the caller and, while the network allows
 * custom chat settings, everyone who turned chat off.
 */
export function profileListFilter(
  networkEID: string,
  callerProfileEID: string,
  allowChatCustomSettings: boolean,
  options: ProfileListOptions,
  version: string,
): QueryFilter<ProfileDoc> {
  const chat = options.scope === 'chat';
  const filter: QueryFilter<ProfileDoc> = {
    networkEID,
    userState: options.modifiedSince && !chat ? { $in: ['active', 'suspended', 'deleted'] } : 'active',
  };
  if (options.role !== undefined || options.excludeRole !== undefined) {
    const included = options.role !== undefined ? rolesOrFail(options.role, version, 'role') : undefined;
    const excluded =
      options.excludeRole !== undefined ? rolesOrFail(options.excludeRole, version, 'exclude_role') : [];
    filter.role = included
      ? { $in: included.filter((role) => !excluded.includes(role)) }
      : { $nin: excluded };
  }
  if (options.modifiedSince) filter.lastModified = { $gte: options.modifiedSince };
  const excludedIds = [...(options.excludeProfileEIDs ?? []), ...(chat ? [callerProfileEID] : [])];
  const idFilter: Record<string, string[]> = {};
  if (excludedIds.length > 0) idFilter.$nin = excludedIds;
  if (options.onlyProfileEIDs) idFilter.$in = [...options.onlyProfileEIDs];
  if (Object.keys(idFilter).length > 0) filter._id = idFilter;
  if (chat && allowChatCustomSettings) filter.chatEnabled = true;
  return filter;
}

/** A page of the caller's network's profiles: oldest first; `scope=chat` bots first, then oldest first. */
export async function listProfiles(
  models: AuthModels,
  ctx: RequestContext,
  options: ProfileListOptions,
): Promise<PlainCollection> {
  if (options.modifiedSince && Number.isNaN(options.modifiedSince.getTime())) {
    throw new DomainError('VALIDATION_FAILED', 'The query parameters do not match the schema.', [
      { pointer: '/query/modified_since', message: 'must be a valid date-time' },
    ]);
  }
  const caller = await findMemberCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const filter = profileListFilter(
    networkEID,
    caller.profileEID,
    caller.network.allowChatCustomSettings,
    options,
    ctx.version,
  );
  const sort: Record<string, 1 | -1> = options.scope === 'chat' ? { isBot: -1, _id: 1 } : { _id: 1 };
  const [total, profiles] = await Promise.all([
    models.Profile.countDocuments(filter),
    models.Profile.find(filter).sort(sort).skip(options.offset).limit(options.limit).lean<ProfileDoc[]>(),
  ]);
  return {
    type: 'collection',
    itemType: 'user',
    rel: 'users',
    total,
    limit: options.limit,
    offset: options.offset,
    items: await presentProfiles(models, profiles, caller.network, viewerOf(caller, ctx)),
  };
}

// ---------------------------------------------------------------------------------------------
// Profile edits

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
async function applyProfileEdit(
  models: AuthModels,
  caller: DirectoryCaller,
  target: ProfileDoc,
  body: unknown,
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
    if (isUniqueViolation(error)) throw xidTaken();
    throw error;
  }
}

/**
 * A unique-index violation: MongoDB's E11000; FerretDB 1.x (SQLite) answers an update that breaks
 * a unique index with an internal error naming the SQLite constraint instead.
 */
function isUniqueViolation(error: unknown): boolean {
  if (isDuplicateKeyError(error)) return true;
  const message = error instanceof Error ? error.message : '';
  return message.includes('UNIQUE constraint failed');
}

/** `PUT /networks/{networkEID}/users/{profileEID}/`. */
export async function updateProfile(
  models: AuthModels,
  ctx: RequestContext,
  profileEID: string,
  body: unknown,
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

// ---------------------------------------------------------------------------------------------
// Profiles by XID

export const GET_PROFILE_XID = 'get_profile_xid';

async function findByXid(models: AuthModels, networkEID: string, xid: string): Promise<ProfileDoc> {
  const profile = await models.Profile.findOne({
    xidKey: `${networkEID}/${xid}`,
    networkEID,
  }).lean<ProfileDoc>();
  if (!profile)
    throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND', `No profile of this network has the XID '${xid}'.`);
  return profile;
}

/** `GET /networks/{networkEID}/users/xid/{xid}/`: administrators, or apps with `get_profile_xid`. */
export async function getProfileByXid(models: AuthModels, ctx: RequestContext, xid: string) {
  const caller = await findAdminOrAppCaller(models, ctx, GET_PROFILE_XID);
  const profile = await findByXid(models, String(caller.network._id), xid);
  return presentOne(models, caller, ctx, profile);
}

/** The warning of a password set for an account that signs in with its e-mail address. */
export const EMAIL_ACCOUNT_PASSWORD_WARNING = {
  code: 'password_changed_for_email_account',
  message:
    'The password was changed for an account that signs in with its e-mail address: it applies in every network of that account, the person was not told, and every session of the account was ended.',
} as const;

/**
 * `PUT /networks/{networkEID}/users/xid/{xid}/`: profile fields as an administrator may change
 * them, and optionally a new password for the account. Every check runs before anything is
 * written. A new password ends every session of the account (its tokens are revoked and the
 * gateway drops them); for an account that signs in with an e-mail address the reply carries a
 * warning, for an emailless (username) account none.
 */
export async function updateProfileByXid(
  models: AuthModels,
  events: EventSink,
  ctx: RequestContext,
  xid: string,
  body: unknown,
): Promise<PlainResource> {
  const caller = await findAdminOrAppCaller(models, ctx, GET_PROFILE_XID);
  const target = await findByXid(models, String(caller.network._id), xid);
  const password = (body as { password?: unknown }).password;
  const account = await models.Account.findById(target.accountId, {
    email: 1,
    username: 1,
  }).lean<AccountDoc>();
  if (!account) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const passwordHash = typeof password === 'string' ? await hashSecret(password) : undefined;
  const updated = await applyProfileEdit(models, caller, target, body);
  const warnings: { code: string; message: string }[] = [];
  if (passwordHash) {
    await models.Account.updateOne({ _id: account._id }, { $set: { passwordHash } });
    await revokeTokens(models, events, { accountId: String(account._id) });
    if (account.email) warnings.push({ ...EMAIL_ACCOUNT_PASSWORD_WARNING });
  }
  const presented = await presentOne(models, caller, ctx, updated);
  return warnings.length > 0 ? { ...presented, warnings } : presented;
}

// ---------------------------------------------------------------------------------------------
// Postable types

/** Message types that can be addressed to a person (`event`s are posted in groups, never on a profile). */
const TYPES_ON_ANOTHER_PROFILE = ['update', 'task', 'poll', 'private_message'] as const;
const TYPES_ON_OWN_PROFILE = ['update', 'task', 'private_message'] as const;

/**
 * What the caller may post on a profile: `update` only with the feature `personal_timeline`;
 * `private_message` on other people's profiles and on one's own; a bot only takes private
 * messages; nothing on a profile that is not active; never `event`.
 */
export function postableTypes(input: {
  readonly own: boolean;
  readonly targetActive: boolean;
  readonly targetIsBot: boolean;
  readonly features: readonly string[];
}): string[] {
  if (!input.targetActive) return [];
  if (input.targetIsBot && !input.own) return ['private_message'];
  const base: readonly string[] = input.own ? TYPES_ON_OWN_PROFILE : TYPES_ON_ANOTHER_PROFILE;
  return base.filter((type) => type !== 'update' || input.features.includes('personal_timeline'));
}

/** `GET /users/{profileEID}/postable-types`: in the profile's network, which the caller must belong to (else 404). */
export async function getPostableTypes(models: AuthModels, ctx: RequestContext, profileEID: string) {
  const accountId = ctx.principal?.accountId;
  if (!accountId) throw new DomainError('FORBIDDEN', 'Postable types need a user token, not an app token.');
  if (!isValidObjectId(profileEID)) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const target = await models.Profile.findById(profileEID).lean<ProfileDoc>();
  if (!target) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const [callerProfile, network] = await Promise.all([
    models.Profile.findOne(
      { accountId, networkEID: target.networkEID, userState: 'active' },
      { _id: 1 },
    ).lean(),
    models.Network.findById(target.networkEID, { features: 1 }).lean<Pick<NetworkDoc, 'features'>>(),
  ]);
  if (!callerProfile || !network) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  return {
    type: 'postable_types',
    EID: profileEID,
    user: { type: 'user', EID: profileEID },
    network: { type: 'network', EID: target.networkEID },
    types: postableTypes({
      own: String(callerProfile._id) === profileEID,
      targetActive: target.userState === 'active',
      targetIsBot: target.isBot,
      features: network.features ?? [],
    }),
  };
}

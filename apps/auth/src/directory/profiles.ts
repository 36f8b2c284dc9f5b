/**
 * Network profiles and their representation for a given viewer (privacy of e-mail and birthday,
 * the person's own fields, roles per version); one profile, and profiles for embeds.
 * Rules where the spec is silent: docs/decisions.md, "Directory: network settings and profiles".
 */
import { DomainError, toTimestamp, type PlainResource, type RequestContext, isEid } from '@ncs/contracts';
import type { DirectoryStore } from './dependencies.js';
import { type DirectoryCaller, findMemberCaller, findMemberOrAppCaller } from '../core/callers.js';
import type { AccountDoc, NetworkDoc, ProfileDoc } from '../core/models.js';
import { reportedRole } from '../core/permissions.js';
// Directory: branding.
import { defaultAvatarPath, emblemThumbnailPath } from '@ncs/contracts';

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
export type PresentedNetwork = Pick<
  NetworkDoc,
  'defaultPrimaryEmailPrivacySetting' | 'language' | 'defaultAvatar'
>;

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
    created: toTimestamp(profile.created),
    lastModified: toTimestamp(profile.lastModified),
    // Directory: branding.
    // Files (branding images): the network's uploaded default avatar, else the SVG.
    defaultAvatarUrl:
      emblemThumbnailPath(profile.networkEID, network.defaultAvatar) ??
      defaultAvatarPath(profile.networkEID, String(profile._id)),
  };
}

async function accountsOf(models: DirectoryStore, profiles: readonly ProfileDoc[]) {
  // The e-mail address only: nothing else of an account may reach a network's representation.
  const accounts = await models.Account.find(
    { _id: { $in: profiles.map((p) => p.accountId) } },
    { email: 1 },
  ).lean<Pick<AccountDoc, '_id' | 'email'>[]>();
  return new Map(accounts.map((a) => [String(a._id), a]));
}

export async function presentProfiles(
  models: DirectoryStore,
  profiles: readonly ProfileDoc[],
  network: PresentedNetwork,
  viewer: Viewer,
): Promise<PlainResource[]> {
  const accounts = await accountsOf(models, profiles);
  return profiles.map((p) => presentProfile(p, accounts.get(p.accountId) ?? null, network, viewer));
}

/** Profiles of the caller's network by EID, in one query (for `embed=` of any service). */
export async function findProfilesForEmbed(
  models: DirectoryStore,
  ctx: RequestContext,
  profileEIDs: readonly string[],
): Promise<PlainResource[]> {
  const caller = await findMemberCaller(models, ctx);
  const ids = profileEIDs.filter(isEid);
  const profiles = await models.Profile.find({
    networkEID: String(caller.network._id),
    _id: { $in: ids },
  }).lean<ProfileDoc[]>();
  return presentProfiles(models, profiles, caller.network, viewerOf(caller, ctx));
}

/** A profile of the caller's network, or 404 (the same answer for another network's profile). */
export async function findNetworkProfile(
  models: DirectoryStore,
  networkEID: string,
  profileEID: string,
): Promise<ProfileDoc> {
  if (!isEid(profileEID)) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const profile = await models.Profile.findOne({ _id: profileEID, networkEID }).lean<ProfileDoc>();
  if (!profile) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  return profile;
}

export async function getProfile(models: DirectoryStore, ctx: RequestContext, profileEID: string) {
  // Directory (group operations and app permissions): apps read profiles with `get_profiles`.
  const caller = await findMemberOrAppCaller(models, ctx, GET_PROFILES);
  const profile = await findNetworkProfile(models, String(caller.network._id), profileEID);
  const [presented] = await presentProfiles(models, [profile], caller.network, viewerOf(caller, ctx));
  return presented!;
}

/** Presents one profile of the caller's network after a change, as the caller sees it. */
export async function presentOne(
  models: DirectoryStore,
  caller: DirectoryCaller,
  ctx: RequestContext,
  profile: ProfileDoc,
): Promise<PlainResource> {
  const [presented] = await presentProfiles(models, [profile], caller.network, viewerOf(caller, ctx));
  return presented!;
}

// Directory: group operations and app permissions.
export const GET_PROFILES = 'get_profiles';

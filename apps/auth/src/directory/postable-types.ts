/**
 * What the caller may post on a profile (`GET /users/{profileEID}/postable-types`).
 */
import { DomainError, type PostableTypesItem, type RequestContext, isEid } from '@ncs/contracts';
import type { DirectoryStore } from './dependencies.js';
import type { NetworkDoc, ProfileDoc } from '../core/models.js';
// Directory: a code-flow token acts in its one network.
import { outsideTokenNetwork } from '../core/token-network.js';

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
export async function getPostableTypes(models: DirectoryStore, ctx: RequestContext, profileEID: string) {
  const accountId = ctx.principal?.accountId;
  if (!accountId) throw new DomainError('FORBIDDEN', 'Postable types need a user token, not an app token.');
  if (!isEid(profileEID)) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const target = await models.Profile.findById(profileEID).lean<ProfileDoc>();
  if (!target) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  // Directory: a code-flow token acts in its one network.
  if (outsideTokenNetwork(ctx, target.networkEID)) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
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

/**
 * Messaging's batch (`internalSubjects.postableTypes`): what the caller may post on each profile
 * of `profileEIDs` in the request's network; other networks' profiles are left out (not found).
 */
export async function postableTypesBatch(
  models: DirectoryStore,
  ctx: RequestContext,
  profileEIDs: readonly string[],
): Promise<PostableTypesItem[]> {
  const networkEID = ctx.networkEID;
  const callerEID = ctx.principal?.profileEID;
  const ids = profileEIDs.filter(isEid);
  if (!networkEID || !callerEID || ids.length === 0) return [];
  const [targets, network] = await Promise.all([
    models.Profile.find({ networkEID, _id: { $in: ids } }, { userState: 1, isBot: 1 }).lean<
      Pick<ProfileDoc, '_id' | 'userState' | 'isBot'>[]
    >(),
    models.Network.findById(networkEID, { features: 1 }).lean<Pick<NetworkDoc, 'features'>>(),
  ]);
  return targets.map((target) => ({
    EID: String(target._id),
    types: postableTypes({
      own: String(target._id) === callerEID,
      targetActive: target.userState === 'active',
      targetIsBot: target.isBot,
      features: network?.features ?? [],
    }),
  }));
}

/**
 * Tasks. One page of a given set of profiles sorted by `fullName`, matched by name words as search
 * matches them (search/rules.ts) (subject
 * `profileNamePage`, for the progress of a split task): the set is bounded (at most 1000 EIDs, one
 * indexed `_id` lookup), so the name filter and the sort run in memory; `fullName` is not stored.
 */
import {
  DomainError,
  isEid,
  type ProfileNamePage,
  type ProfileNamePageRequest,
  type RequestContext,
} from '@ncs/contracts';
import type { SearchStore } from './dependencies.js';
import { nameWordsOf } from './rules.js';
import { findMemberCaller } from '../core/callers.js';
import type { ProfileDoc } from '../core/models.js';
import { presentProfiles, viewerOf } from '../directory/profiles.js';

const MAX_EIDS = 1000;

function pageRequest(body: unknown): ProfileNamePageRequest {
  const { EIDs, q, limit, offset } = (body ?? {}) as Record<string, unknown>;
  if (
    !Array.isArray(EIDs) ||
    EIDs.length > MAX_EIDS ||
    !EIDs.every(isEid) ||
    (q !== null && typeof q !== 'string') ||
    typeof limit !== 'number' ||
    limit < 1 ||
    typeof offset !== 'number' ||
    offset < 0
  ) {
    throw new DomainError('BAD_REQUEST', 'EIDs (at most 1000), q (string or null), limit, offset.');
  }
  return { EIDs: EIDs, q, limit, offset };
}

const fullNameOf = (p: Pick<ProfileDoc, 'firstName' | 'lastName'>) =>
  `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

/** Whether every word of `q` starts a word of the name (what people search does). */
export function nameMatches(fullName: string, words: readonly string[]): boolean {
  const nameWords = nameWordsOf(fullName.length > 0 ? fullName : ' ');
  return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
}

export async function profileNamePage(
  models: SearchStore,
  ctx: RequestContext,
  body: unknown,
): Promise<ProfileNamePage> {
  const request = pageRequest(body);
  const caller = await findMemberCaller(models, ctx);
  const profiles = await models.Profile.find({
    networkEID: String(caller.network._id),
    _id: { $in: request.EIDs },
  }).lean<ProfileDoc[]>();
  const words = request.q === null ? [] : nameWordsOf(request.q);
  const sorted = profiles
    .map((profile) => ({ profile, key: fullNameOf(profile).toLocaleLowerCase('en') }))
    .filter(({ profile }) => nameMatches(fullNameOf(profile), words))
    .sort(
      (a, b) => a.key.localeCompare(b.key, 'en') || (String(a.profile._id) < String(b.profile._id) ? -1 : 1),
    );
  const page = sorted.slice(request.offset, request.offset + request.limit).map(({ profile }) => profile);
  const items = await presentProfiles(models, page, caller.network, viewerOf(caller, ctx));
  return { total: sorted.length, items: items as ProfileNamePage['items'] };
}

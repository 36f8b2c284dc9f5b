/**
 * The terms of service of a network. Administrators publish a version (its
 * number counts up from 1; one row per version under a unique index, so two publishes at once
 * give one version and a 409); members read the current one and accept it: one row per accepted
 * version under a unique index, so accepting again changes nothing. Until a member accepted the
 * current version, the network's `_user.accessPreconditions` and whoami say `accept_terms`.
 */
import {
  DomainError,
  termsPreconditions,
  toTimestamp,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import { actorOf, findAdminCaller, findMemberCaller, type MemberCaller } from '../core/callers.js';
import type { NetworkAdminStore } from './dependencies.js';
import type { TermsAcceptanceDoc, TermsVersionDoc } from './models.js';

const currentTerms = (models: NetworkAdminStore, networkEID: string) =>
  models.TermsVersion.findOne({ networkEID }).sort({ version: -1 }).lean<TermsVersionDoc>();

const latestAcceptance = (models: NetworkAdminStore, networkEID: string, profileEID: string) =>
  models.TermsAcceptance.findOne({ networkEID, profileEID }).sort({ version: -1 }).lean<TermsAcceptanceDoc>();

async function presentTerms(models: NetworkAdminStore, caller: MemberCaller): Promise<PlainResource> {
  const networkEID = String(caller.network._id);
  const [terms, accepted] = await Promise.all([
    currentTerms(models, networkEID),
    latestAcceptance(models, networkEID, caller.profileEID),
  ]);
  return {
    type: 'terms_of_service',
    EID: networkEID,
    version: terms?.version ?? null,
    url: terms?.url ?? null,
    publishedAt: terms ? toTimestamp(terms.created) : null,
    accepted: terms === null || accepted?.version === terms.version,
    acceptedVersion: accepted?.version ?? null,
    acceptedAt: accepted ? toTimestamp(accepted.created) : null,
  };
}

export async function getTerms(models: NetworkAdminStore, ctx: RequestContext) {
  return presentTerms(models, await findMemberCaller(models, ctx));
}

export async function publishTerms(
  models: NetworkAdminStore,
  events: EventSink,
  ctx: RequestContext,
  url: string,
) {
  const caller = await findAdminCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const version = ((await currentTerms(models, networkEID))?.version ?? 0) + 1;
  try {
    await models.TermsVersion.create({ networkEID, version, url });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new DomainError('TERMS_ERR_PUBLISH_RACE');
    throw error;
  }
  await events.record('auth.terms.published', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { version, url },
  });
  return presentTerms(models, caller);
}

export async function acceptTerms(models: NetworkAdminStore, ctx: RequestContext, version: number) {
  const caller = await findMemberCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const terms = await currentTerms(models, networkEID);
  if (terms?.version !== version) {
    throw new DomainError('TERMS_ERR_NOT_CURRENT', undefined, [
      {
        pointer: '/body/version',
        message: terms ? `the current version is ${terms.version}` : 'the network has no terms of service',
      },
    ]);
  }
  try {
    await models.TermsAcceptance.create({ networkEID, profileEID: caller.profileEID, version });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  return presentTerms(models, caller);
}

/**
 * What the caller must still do in each network before using it: `accept_terms` while the current
 * terms are not accepted. One query per network (a person is in few).
 */
export async function termsPreconditionsOf(
  models: NetworkAdminStore,
  memberships: readonly { networkEID: string; profileEID: string }[],
): Promise<Map<string, string[]>> {
  const entries = await Promise.all(
    memberships.map(async ({ networkEID, profileEID }) => {
      const terms = await currentTerms(models, networkEID);
      if (!terms) return [networkEID, []] as const;
      const accepted = await models.TermsAcceptance.exists({
        networkEID,
        profileEID,
        version: terms.version,
      });
      return [networkEID, accepted ? [] : [termsPreconditions.accept]] as const;
    }),
  );
  return new Map(entries.map(([key, value]) => [key, [...value]]));
}

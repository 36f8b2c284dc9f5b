/**
 * White-label apps: network administrators register them; any member reads them (a member's app
 * needs its project to register a device). The service always answers the store URLs; the gateway
 * drops them from 2023.0.1 (gates `whitelabel.*Dropped`), and the create body of those versions
 * refuses them (docs/decisions.md, "Notifications: devices, push and white-label apps").
 */
import {
  DomainError,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError, pageOf, type RequestOf } from '@ncs/service-kit';
import { Types } from 'mongoose';
import type { WhitelabelAppDoc, WhitelabelModels } from './models.js';

const MANAGE_NETWORK = 'MANAGE_NETWORK';

export interface NetworkCaller {
  readonly networkEID: string;
  readonly permissions: readonly string[];
}

export function networkCallerOf(ctx: RequestContext): NetworkCaller {
  if (!ctx.networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
  return { networkEID: ctx.networkEID, permissions: ctx.principal?.permissions ?? [] };
}

/** How many networks registered each project and platform of `docs` (one count per distinct pair). */
async function networkCounts(models: WhitelabelModels, docs: readonly WhitelabelAppDoc[]) {
  const pairs = new Map(docs.map((d) => [`${d.projectId}|${d.platform}`, d] as const));
  const counts = await Promise.all(
    [...pairs].map(async ([key, { projectId, platform }]) => {
      return [key, await models.WhitelabelApp.countDocuments({ projectId, platform })] as const;
    }),
  );
  return new Map(counts);
}

function present(doc: WhitelabelAppDoc, numNetworks: number): PlainResource {
  return {
    type: 'whitelabel_app',
    EID: String(doc._id),
    projectId: doc.projectId,
    notificationProvider: doc.notificationProvider,
    notificationProviderVersion: doc.notificationProviderVersion,
    platform: doc.platform,
    downloadUrl: doc.downloadUrl,
    numNetworks: Math.max(1, numNetworks),
    appStoreUrl: doc.appStoreUrl ?? null,
    googlePlayUrl: doc.googlePlayUrl ?? null,
    created: toTimestamp(doc.created),
  };
}

async function presentAll(models: WhitelabelModels, docs: readonly WhitelabelAppDoc[]) {
  const counts = await networkCounts(models, docs);
  return docs.map((doc) => present(doc, counts.get(`${doc.projectId}|${doc.platform}`) ?? 1));
}

export function listWhitelabelApps(
  models: WhitelabelModels,
  caller: NetworkCaller,
  query: RequestOf<'whitelabelApp.list'>['query'],
): Promise<PlainCollection> {
  return pageOf(
    models.WhitelabelApp,
    { filter: { networkEID: caller.networkEID }, sort: { created: 1, _id: 1 } },
    { limit: query.limit, offset: query.offset },
    { itemType: 'whitelabel_app', rel: 'whitelabelApps' },
    (docs) => presentAll(models, docs),
  );
}

/** The network's app `EID`, or null (an EID of another network is no app of this one). */
export async function findWhitelabelApp(models: WhitelabelModels, networkEID: string, EID: string) {
  if (!Types.ObjectId.isValid(EID)) return null;
  return models.WhitelabelApp.findOne({ networkEID, _id: new Types.ObjectId(EID) }).lean<WhitelabelAppDoc>();
}

export async function getWhitelabelApp(
  models: WhitelabelModels,
  caller: NetworkCaller,
  EID: string,
): Promise<PlainResource> {
  const doc = await findWhitelabelApp(models, caller.networkEID, EID);
  if (!doc) throw new DomainError('PUSH_ERR_WHITELABEL_APP_NOT_FOUND');
  const [item] = await presentAll(models, [doc]);
  return item!;
}

type CreateBody = RequestOf<'whitelabelApp.create'>['body'];

export async function createWhitelabelApp(
  models: WhitelabelModels,
  caller: NetworkCaller,
  body: CreateBody,
): Promise<PlainResource> {
  if (!caller.permissions.includes(MANAGE_NETWORK))
    throw new DomainError('PUSH_ERR_WHITELABEL_APP_FORBIDDEN');
  const legacy = body as CreateBody & { appStoreUrl?: string | null; googlePlayUrl?: string | null };
  try {
    const created = await models.WhitelabelApp.create({
      networkEID: caller.networkEID,
      projectId: body.projectId,
      notificationProvider: body.notificationProvider,
      notificationProviderVersion: body.notificationProviderVersion,
      platform: body.platform,
      downloadUrl: body.downloadUrl,
      appStoreUrl: legacy.appStoreUrl ?? null,
      googlePlayUrl: legacy.googlePlayUrl ?? null,
      created: new Date(),
    });
    const [item] = await presentAll(models, [created.toObject<WhitelabelAppDoc>()]);
    return item!;
  } catch (error) {
    if (isDuplicateKeyError(error))
      throw new DomainError('PUSH_ERR_WHITELABEL_APP_EXISTS', undefined, [
        { pointer: '/body/projectId', message: 'already registered for this platform' },
      ]);
    throw error;
  }
}

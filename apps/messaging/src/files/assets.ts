/**
 * Files: branding images are network assets. Auth names the files a theme or the
 * network's branding points at (`internalSubjects.fileAdoptAssets`, before it writes); each must be
 * an image of the network that the writer may read now (the uploader of a temporary file, a reader
 * of its message or group, or already an asset), else 400 -397 naming the request's pointer. All are
 * checked before any is marked, so a refused write adopts nothing. Adopted, a file is read by every
 * member of its network (file-access.ts) and is temporary no more (the sweep leaves it). Idempotent.
 */
import {
  DomainError,
  FILE_ASSETS_MAX,
  isEid,
  type FileAssetReference,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import { mayReadFile } from './file-access.js';
import type { FileRecordDoc } from './models.js';
import type { FileStore } from './models.js';

const notUsable = (pointer: string, message: string) =>
  new DomainError('FILES_ERR_ASSET_NOT_USABLE', undefined, [{ pointer, message }]);

/** The references of a request body, else 400 (auth sends at most FILE_ASSETS_MAX). */
export function assetReferencesOf(body: unknown): FileAssetReference[] {
  const files = (body as { files?: unknown } | null)?.files;
  const valid =
    Array.isArray(files) &&
    files.length <= FILE_ASSETS_MAX &&
    files.every(
      (item: unknown) =>
        typeof (item as FileAssetReference | null)?.EID === 'string' &&
        typeof (item as FileAssetReference).pointer === 'string' &&
        (item as FileAssetReference).pointer.startsWith('/'),
    );
  if (!valid)
    throw new DomainError(
      'BAD_REQUEST',
      `An adoption names at most ${FILE_ASSETS_MAX} files, each { EID, pointer }.`,
    );
  return files as FileAssetReference[];
}

type Candidate = Pick<
  FileRecordDoc,
  'EID' | 'kind' | 'messageEID' | 'groupEID' | 'uploaderEID' | 'networkAssetSince'
>;

/** Checks every reference, then marks the files that are not assets yet; how many it marked. */
export async function adoptAssets(
  models: FileStore,
  rpc: RpcClient,
  ctx: RequestContext,
  body: unknown,
): Promise<{ adopted: number }> {
  const caller = callerOf(ctx);
  const references = assetReferencesOf(body);
  const { networkEID } = caller;
  const EIDs = [...new Set(references.map((item) => item.EID).filter(isEid))];
  const records = await models.files.FileRecord.find(
    { networkEID, EID: { $in: EIDs } },
    { EID: 1, kind: 1, messageEID: 1, groupEID: 1, uploaderEID: 1, networkAssetSince: 1 },
  ).lean<Candidate[]>();
  const byEID = new Map(records.map((record) => [record.EID, record]));
  for (const { EID, pointer } of references) {
    const record = byEID.get(EID);
    if (!record || !(await mayReadFile(models, rpc, caller, record)))
      throw notUsable(pointer, 'is not a file of this network that you may read');
    if (record.kind !== 'image') throw notUsable(pointer, `is a file of kind ${record.kind}, not an image`);
  }
  const fresh = records.filter((record) => !record.networkAssetSince).map((record) => record.EID);
  if (fresh.length === 0) return { adopted: 0 };
  const marked = await models.files.FileRecord.updateMany(
    { networkEID, EID: { $in: fresh }, networkAssetSince: null },
    { $set: { networkAssetSince: new Date(), temporarySince: null } },
  );
  if (marked.matchedCount < fresh.length) {
    // The sweep took a temporary file between the check and the mark: that reference is gone.
    const kept = await models.files.FileRecord.find({ networkEID, EID: { $in: fresh } }, { EID: 1 }).lean<
      { EID: string }[]
    >();
    const keptEIDs = new Set(kept.map((row) => row.EID));
    const lost = references.find((item) => fresh.includes(item.EID) && !keptEIDs.has(item.EID));
    if (lost) throw notUsable(lost.pointer, 'is not a file of this network that you may read');
  }
  return { adopted: marked.modifiedCount };
}

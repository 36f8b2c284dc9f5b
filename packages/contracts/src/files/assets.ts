/**
 * Files: branding images are network assets. A theme or the network (favicon, default
 * avatar and emblems) may name uploaded files; auth finds those references (`fileOfPath`, emblems
 * `{type: 'file', EID}`) and asks messaging to adopt them (`internalSubjects.fileAdoptAssets`)
 * before it writes. An adopted file is read by every member of its network and never swept.
 * Rules: docs/decisions.md, "Branding images are network assets".
 */
import { Type, type Static } from '@sinclair/typebox';

/** Most files one adoption names (a theme names at most 29 images). */
export const FILE_ASSETS_MAX = 50;

/** A file a write names, with where the request names it (problem+json pointer, `/body/…`). */
export const FileAssetReferenceSchema = Type.Object({ EID: Type.String(), pointer: Type.String() });
export type FileAssetReference = Static<typeof FileAssetReferenceSchema>;

/** The body of `fileAdoptAssets` (ctx: the request's, its caller the writer). Reply `{ adopted }`. */
export const FileAdoptAssetsRequestSchema = Type.Object({ files: Type.Array(FileAssetReferenceSchema) });
export type FileAdoptAssetsRequest = Static<typeof FileAdoptAssetsRequestSchema>;

/**
 * A file path of the API (`/networks/{n}/files/{f}/download` or `…/thumbnails/{size}`), relative
 * or absolute with any host: the network and the file it names; anything else (an external
 * image): null.
 */
const FILE_PATH =
  /^(?:https?:\/\/[^/?#]+)?\/networks\/([0-9a-f]{24})\/files\/([0-9a-f]{24})\/(?:download|thumbnails\/[^/?#]+)\/?(?:[?#].*)?$/;

export function fileOfPath(url: string): { networkEID: string; fileEID: string } | null {
  const match = FILE_PATH.exec(url);
  return match ? { networkEID: match[1]!, fileEID: match[2]! } : null;
}

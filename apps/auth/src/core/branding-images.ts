/**
 * Files: branding images are network assets (core: settings' themes, the network's write context
 * and groups all name them). A theme and the network's branding
 * (favicon, default avatar and emblems) may name uploaded files: an emblem `{type: 'file', EID}`, or
 * a URL that is a file path of this network (`/networks/{n}/files/{f}/download`, relative or on any
 * host; contracts `fileOfPath`). Before it writes, auth asks messaging to adopt them
 * (`fileAdoptAssets`): each must be an image the writer may read, else 400 naming the field, and
 * messaging unavailable is 503; either way nothing is written. A file path of another network is 400
 * here; any other URL (an external image) stays as it is.
 */
import {
  DomainError,
  fileOfPath,
  internalSubjects,
  type FileAssetReference,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';

type Url = string | null | undefined;
type FileRef = { readonly type?: string | null; readonly EID?: string | null } | null | undefined;

/** Collects the files a body names, by pointer; a file path of another network is 400 at once. */
export class BrandingImages {
  readonly references: FileAssetReference[] = [];

  constructor(private readonly networkEID: string) {}

  /** A URL field: a file path of this network is a reference, an external URL nothing. */
  url(url: Url, pointer: string): this {
    const file = typeof url === 'string' ? fileOfPath(url) : null;
    if (!file) return this;
    if (file.networkEID !== this.networkEID)
      throw new DomainError('FILES_ERR_ASSET_NOT_USABLE', undefined, [
        { pointer, message: 'names a file of another network' },
      ]);
    this.references.push({ EID: file.fileEID, pointer });
    return this;
  }

  /** A reference field (`{type: 'file', EID}`; another type names no file). */
  file(ref: FileRef, pointer: string): this {
    if (ref?.type === 'file' && ref.EID) this.references.push({ EID: ref.EID, pointer });
    return this;
  }

  /** Messaging adopts them as network assets (none named: no request). */
  async adopt(rpc: RpcClient, ctx: RequestContext): Promise<void> {
    if (this.references.length === 0) return;
    await rpc.request(internalSubjects.fileAdoptAssets, { ctx, body: { files: this.references } });
  }
}

type Header = { readonly backgroundUrl?: Url } | null | undefined;

/** What a theme body may name (create, or the fields an update sends). */
export interface ThemeImages {
  readonly backgroundUrl?: Url;
  readonly groupHeaderBackgroundUrl?: Url;
  readonly newsHeaderBackgroundUrl?: Url;
  readonly eventHeaderBackgroundUrl?: Url;
  readonly userHeaderBackgroundUrl?: Url;
  readonly loginBackgroundUrls?: readonly string[];
  readonly emblem?: FileRef;
  readonly favicon?: { readonly url: string } | null;
  readonly knowledgeBaseHomeHeader?: Header;
  readonly knowledgeBaseCategoryHeader?: Header;
  readonly knowledgeBasePageHeader?: Header;
}

const URL_FIELDS = [
  'backgroundUrl',
  'groupHeaderBackgroundUrl',
  'newsHeaderBackgroundUrl',
  'eventHeaderBackgroundUrl',
  'userHeaderBackgroundUrl',
] as const;
const HEADER_FIELDS = [
  'knowledgeBaseHomeHeader',
  'knowledgeBaseCategoryHeader',
  'knowledgeBasePageHeader',
] as const;

/** The files a theme body names. */
export function themeImages(networkEID: string, body: ThemeImages): BrandingImages {
  const images = new BrandingImages(networkEID);
  for (const field of URL_FIELDS) images.url(body[field], `/body/${field}`);
  (body.loginBackgroundUrls ?? []).forEach((url, i) => images.url(url, `/body/loginBackgroundUrls/${i}`));
  images.file(body.emblem, '/body/emblem');
  images.url(body.favicon?.url, '/body/favicon/url');
  for (const field of HEADER_FIELDS) images.url(body[field]?.backgroundUrl, `/body/${field}/backgroundUrl`);
  return images;
}

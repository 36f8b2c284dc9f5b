/**
 * Directory: network operations. The spec's write context of the network:
 * `sso`, `favicon`, `theme` (a theme of the same network) and `emailDeliveryFormat`, as
 * `PUT /networks/{networkEID}` stores them and the network shows them (`sso` to administrators
 * only: it is configuration of the sign-in, not for every member).
 *
 * Files (branding images): `defaultAvatar` and `defaultEmblems` (per group type) name
 * uploaded images; they and a favicon that is a file path of the network become network assets
 * before the write (core/branding-images.ts). A `defaultEmblems` body changes the group types it names.
 */
import {
  DomainError,
  defaultEmblemGroupTypes,
  isEid,
  type GroupTypeName,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { BrandingImages } from '../core/branding-images.js';
import type { DirectoryStore } from './dependencies.js';
import { repeatedIdentityProviderId, type IdentityProvider } from './identity-providers.js';
import type { NetworkDoc } from '../core/models.js';

type ImageRef = { readonly type: 'file'; readonly EID: string };

/** The write-context fields of a validated `PUT /networks/{networkEID}` body. */
interface Body {
  readonly sso?: {
    enabled: boolean;
    loginUrl: string | null;
    logoutUrl?: string | null;
    identityProviders?: readonly IdentityProvider[];
  } | null;
  readonly favicon?: { url: string; mimeType?: string } | null;
  readonly theme?: { type: 'network_theme'; EID: string } | null;
  readonly emailDeliveryFormat?: string;
  readonly defaultAvatar?: ImageRef | null;
  readonly defaultEmblems?: Partial<Record<string, ImageRef | null>>;
}

/** The stored default emblems: each group type's image, null for the generated SVG. */
function storedDefaultEmblems(network: Pick<NetworkDoc, 'defaultEmblems'>) {
  const stored = (network.defaultEmblems ?? {}) as Partial<Record<string, ImageRef | null>>;
  return Object.fromEntries(
    defaultEmblemGroupTypes.map((name) => {
      const ref = stored[name];
      return [name, ref?.EID ? { type: 'file' as const, EID: ref.EID } : null];
    }),
  ) as Record<GroupTypeName, ImageRef | null>;
}

/** Files: branding images: the files the body names, adopted as network assets (400, 503: no write). */
async function adoptImages(rpc: RpcClient, ctx: RequestContext, networkEID: string, body: Body) {
  const images = new BrandingImages(networkEID)
    .url(body.favicon?.url, '/body/favicon/url')
    .file(body.defaultAvatar, '/body/defaultAvatar');
  for (const [name, ref] of Object.entries(body.defaultEmblems ?? {}))
    images.file(ref, `/body/defaultEmblems/${name}`);
  await images.adopt(rpc, ctx);
}

/** The stored changes of the write-context fields of a body; a theme of another network is 400. */
export async function writeContextChanges(
  models: DirectoryStore,
  rpc: RpcClient,
  ctx: RequestContext,
  network: NetworkDoc,
  body: Body,
): Promise<Record<string, unknown>> {
  const networkEID = String(network._id);
  const changes: Record<string, unknown> = {};
  if (body.emailDeliveryFormat !== undefined) changes.emailDeliveryFormat = body.emailDeliveryFormat;
  if (body.sso !== undefined) changes.sso = body.sso && ssoChange(network, body.sso);
  if (body.favicon !== undefined) changes.favicon = body.favicon;
  if (body.theme !== undefined) {
    const themeEID = body.theme?.EID ?? null;
    if (themeEID !== null) {
      const found = isEid(themeEID) && (await models.NetworkTheme.exists({ _id: themeEID, networkEID }));
      if (!found) {
        throw new DomainError('NETWORK_ERR_THEME_UNKNOWN', undefined, [
          { pointer: '/body/theme/EID', message: 'must be a theme of this network' },
        ]);
      }
    }
    changes.themeEID = themeEID;
  }
  // Files: branding images.
  if (body.defaultAvatar !== undefined) changes.defaultAvatar = body.defaultAvatar;
  if (body.defaultEmblems !== undefined)
    changes.defaultEmblems = { ...storedDefaultEmblems(network), ...body.defaultEmblems };
  await adoptImages(rpc, ctx, networkEID, body);
  return changes;
}

/**
 * The stored `sso` of a body: `identityProviders` left out keeps the stored ones (an older client
 * that writes only `enabled`/`loginUrl` does not drop them); a repeated id is 400 before any write.
 */
function ssoChange(network: NetworkDoc, sso: NonNullable<Body['sso']>): Record<string, unknown> {
  const providers = sso.identityProviders ?? network.sso?.identityProviders ?? [];
  const repeated = repeatedIdentityProviderId(sso.identityProviders ?? []);
  if (repeated >= 0) {
    throw new DomainError('DIR_ERR_IDENTITY_PROVIDER_ID_TAKEN', undefined, [
      {
        pointer: `/body/sso/identityProviders/${repeated}/id`,
        message: 'must differ from the ids of the other identity providers',
      },
    ]);
  }
  return {
    ...sso,
    logoutUrl: sso.logoutUrl ?? null,
    identityProviders: providers.map(({ id, name, loginUrl }) => ({ id, name, loginUrl })),
  };
}

/** The write-context fields as the network shows them. */
export function presentWriteContext(network: NetworkDoc, admin: boolean): Record<string, unknown> {
  const sso = network.sso;
  // `sso` first, as before, without a literal that starts with a spread (a hidden class per
  // request: bench/README.md, "A hidden class per request").
  const context: Record<string, unknown> = admin
    ? {
        sso: sso
          ? {
              enabled: Boolean(sso.enabled),
              loginUrl: sso.loginUrl ?? null,
              logoutUrl: sso.logoutUrl ?? null,
              identityProviders: (sso.identityProviders ?? []).map(({ id, name, loginUrl }) => ({
                id,
                name,
                loginUrl,
              })),
            }
          : null,
      }
    : {};
  return Object.assign(context, {
    favicon: network.favicon?.url
      ? {
          url: network.favicon.url,
          ...(network.favicon.mimeType ? { mimeType: network.favicon.mimeType } : {}),
        }
      : null,
    theme: network.themeEID ? { type: 'network_theme', EID: network.themeEID } : null,
    emailDeliveryFormat: network.emailDeliveryFormat ?? 'html',
    // Files: branding images.
    defaultAvatar: network.defaultAvatar?.EID ? { type: 'file', EID: network.defaultAvatar.EID } : null,
    defaultEmblems: storedDefaultEmblems(network),
  });
}

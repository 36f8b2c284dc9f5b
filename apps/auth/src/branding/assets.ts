/**
 * Default avatars, emblems and branding CSS: what the `asset` routes answer. The
 * gateway sends `content` in the route's media type with a strong `ETag` of it, so an answer
 * changes exactly when its content does (a renamed profile, an edited default theme).
 */
import { DomainError, isEid, type AssetContent, type RequestContext } from '@ncs/contracts';
import type { BrandingStore } from './dependencies.js';
import type { ProfileDoc } from '../core/models.js';
import { findDefaultTheme, presentTheme } from '../settings/themes.js';
import type { ThemeDoc } from '../core/theme-models.js';
import { brandingCss } from './css.js';
import { avatarSvg, emblemSvg } from './svg.js';

export function defaultEmblem(groupType: string): AssetContent {
  const content = emblemSvg(groupType);
  if (content === undefined) throw new DomainError('BRANDING_ERR_UNKNOWN_GROUP_TYPE');
  return { content };
}

/** Any profile of the caller's network (another network's is not found, as a missing one). */
export async function defaultAvatar(
  models: BrandingStore,
  ctx: RequestContext,
  profileEID: string,
): Promise<AssetContent> {
  const networkEID = ctx.networkEID!;
  const profile = isEid(profileEID)
    ? await models.Profile.findOne({ networkEID, _id: profileEID }, { firstName: 1, lastName: 1 }).lean<
        Pick<ProfileDoc, 'firstName' | 'lastName'>
      >()
    : null;
  if (!profile) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  return {
    content: avatarSvg({
      EID: profileEID,
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
    }),
  };
}

/** The style sheet of the network's default theme. */
export async function networkBrandingCss(models: BrandingStore, ctx: RequestContext): Promise<AssetContent> {
  const networkEID = ctx.networkEID!;
  const theme = await findDefaultTheme(models, networkEID).lean<ThemeDoc>();
  const presented = theme ? presentTheme(theme, String(theme._id)) : null;
  return { content: brandingCss(networkEID, presented) };
}

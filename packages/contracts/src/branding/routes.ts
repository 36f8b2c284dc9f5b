/**
 * Routes of default avatars, emblems and branding CSS, owned by `auth`. They answer
 * `format: 'asset'`: the owner answers `{ content }` and the gateway sends it in the route's
 * `produces` media type with a strong `ETag` of the content (apps/gateway/src/branding/). Rules:
 * docs/decisions.md, "Directory: default avatars, emblems and branding CSS".
 */
import { Type } from '@sinclair/typebox';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, strictObject } from '../core/schemas.js';

const common = { service: 'auth', tag: 'Branding', format: 'asset' } as const;

/** A group type's name as the path names it (unknown names answer 404). */
export const DefaultEmblemParams = strictObject({
  groupType: Type.String({ pattern: '^[a-z_]{1,40}$', description: 'e.g. `business_unit`, `group`' }),
});
export const DefaultAvatarParams = strictObject({ networkEID: Eid, profileEID: Eid });

/** The path of a profile's default avatar (the profile's `defaultAvatarUrl`). */
export const defaultAvatarPath = (networkEID: string, profileEID: string) =>
  `/networks/${networkEID}/users/${profileEID}/default-avatar.svg`;
/** The path of a group type's default emblem (the group's `defaultEmblemThumbnailUrl`). */
export const defaultEmblemPath = (groupType: string) => `/default-emblems/${groupType}.svg`;

/** What the owner answers on an asset route: the body, as text. */
export interface AssetContent {
  readonly content: string;
}

export const brandingRoutes = [
  route({
    ...common,
    id: 'defaultEmblem.get',
    method: 'GET',
    path: '/default-emblems/{groupType}.svg',
    scope: 'public',
    produces: 'image/svg+xml',
    summary:
      "A group type's default emblem (SVG, the same in every network, no token): `ETag`, `If-None-Match` (304); 404 for an unknown type",
    params: DefaultEmblemParams,
    reply: { status: 200, schema: Type.String({ description: 'An SVG image' }) },
  }),
  route({
    ...common,
    id: 'defaultAvatar.get',
    method: 'GET',
    path: '/networks/{networkEID}/users/{profileEID}/default-avatar.svg',
    scope: 'network',
    produces: 'image/svg+xml',
    summary:
      "A profile's default avatar (SVG: initials on a colour derived from the EID) for members: `ETag`, `If-None-Match` (304)",
    params: DefaultAvatarParams,
    reply: { status: 200, schema: Type.String({ description: 'An SVG image' }) },
  }),
  route({
    ...common,
    id: 'branding.css',
    method: 'GET',
    path: '/networks/{networkEID}/branding.css',
    scope: 'network',
    produces: 'text/css',
    summary:
      "The network's branding as CSS custom properties, from its default theme, for members: strong `ETag` of the content, `If-None-Match` (304)",
    params: NetworkParams,
    reply: { status: 200, schema: Type.String({ description: 'A style sheet' }) },
  }),
] as const satisfies readonly RouteDefinition[];

/**
 * Handlers of the branding routes (`brandingRoutes` of the route table), by route id. A
 * constant: the conformance test lists it without a database.
 */
import { brandingRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import type { BrandingDependencies } from './dependencies.js';
import { defaultAvatar, defaultEmblem, networkBrandingCss } from './assets.js';

export const brandingHandlers = defineHandlers<BrandingDependencies>()(brandingRoutes, {
  'defaultEmblem.get': ({ params }) => Promise.resolve(defaultEmblem(params.groupType)),
  'defaultAvatar.get': ({ ctx, params }, { models }) => defaultAvatar(models, ctx, params.profileEID),
  'branding.css': ({ ctx }, { models }) => networkBrandingCss(models, ctx),
});

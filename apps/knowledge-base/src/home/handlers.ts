/** Handlers of the home routes (`home.*` of `kbRoutes`), by route id. */
import { defineHandlers } from '@ncs/service-kit';
import { kbRoutesOf } from '../core/routes.js';
import { getHome, setHomeTitle, updateHome } from './home.js';
import type { HomeModels } from './models.js';

/** What the home handlers use. */
export interface HomeDependencies {
  readonly models: HomeModels;
}

export const homeHandlers = defineHandlers<HomeDependencies>()(kbRoutesOf('home'), {
  'home.get': ({ ctx }, { models }) => getHome(models, ctx),
  'home.update': ({ ctx, body }, { models }) => updateHome(models, ctx, body),
  'home.setTitle': ({ ctx, body }, { models }) => setHomeTitle(models, ctx, body),
});

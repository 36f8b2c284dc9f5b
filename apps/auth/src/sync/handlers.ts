/**
 * Handlers of `sync-user` and `resolvelocation` (`directorySyncRoutes`).
 */
import { directorySyncRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import type { SyncDependencies } from './dependencies.js';
import { resolveLocationFor } from './resolve-location.js';
import { syncUser } from './sync-user.js';

export const syncHandlers = defineHandlers<SyncDependencies>()(directorySyncRoutes, {
  'syncUser.sync': ({ ctx, body }, { models, events }) => syncUser(models, events, ctx, body),
  'location.resolve': ({ ctx, query }, { models }) => resolveLocationFor(models, ctx, query.q),
});

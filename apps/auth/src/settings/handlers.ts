/**
 * Handlers of the route table's `settingsRoutes` (packages/contracts/src/routes-settings.ts), by route id.
 * Built lazily: the map can be listed without a database (conformance test).
 */
import type { CustomLinkInputBody } from '@ncs/contracts';
import { withStatus, type RpcHandler } from '@ncs/service-kit';
import type { AuthDependencies } from '../dependencies.js';
import { badgeCountersOwner, getLobbyData } from './lobby.js';
import { getMenu, updateMenu } from './menu.js';
import { createTheme, deleteTheme, getTheme, listThemes, updateTheme } from './themes.js';
import { listWidgets } from './widgets.js';

export function settingsHandlers(deps: () => AuthDependencies): Record<string, RpcHandler> {
  return {
    'menu.get': async ({ ctx, query }) => getMenu(deps().models, ctx, query),
    'menu.update': async ({ ctx, query, body }) =>
      updateMenu(deps().models, deps().events, ctx, query, body as { customLinks: CustomLinkInputBody[] }),
    'widget.list': async ({ ctx, query }) => listWidgets(deps().models, ctx, query),
    'theme.list': async ({ ctx, query }) => listThemes(deps().models, ctx, query),
    'theme.create': async ({ ctx, body }) => createTheme(deps().models, deps().events, ctx, body),
    'theme.get': async ({ ctx, params }) => getTheme(deps().models, ctx, String(params.themeEID)),
    'theme.update': async ({ ctx, params, body }) =>
      updateTheme(deps().models, deps().events, ctx, String(params.themeEID), body),
    'theme.delete': async ({ ctx, params }) => {
      await deleteTheme(deps().models, deps().events, ctx, String(params.themeEID));
      return withStatus(204, null);
    },
    'lobby.get': async ({ ctx }) => getLobbyData(deps().models, deps().rpc, ctx),
    'badgeCounters.get': async ({ ctx }) => badgeCountersOwner(deps().models, ctx),
  };
}

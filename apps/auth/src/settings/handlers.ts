/**
 * Handlers of the settings routes (`settingsRoutes` of the route table), by route id. A constant:
 * the conformance test lists it without a database.
 */
import { settingsRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus } from '@ncs/service-kit';
import type { SettingsDependencies } from './dependencies.js';
import { badgeCountersOwner, getLobbyData } from './lobby.js';
import { getMenu, updateMenu } from './menu.js';
import { createTheme, deleteTheme, getTheme, listThemes, updateTheme } from './themes.js';
import { createWidget, deleteWidget, listWidgets, updateWidget } from './widgets.js';

export const settingsHandlers = defineHandlers<SettingsDependencies>()(settingsRoutes, {
  'menu.get': ({ ctx, query }, { models }) => getMenu(models, ctx, query),
  'menu.update': ({ ctx, query, body }, { models, events }) => updateMenu(models, events, ctx, query, body),
  'widget.list': ({ ctx, query }, { models }) => listWidgets(models, ctx, query),
  'widget.create': ({ ctx, body }, { models }) => createWidget(models, ctx, body),
  'widget.update': ({ ctx, params, body }, { models }) => updateWidget(models, ctx, params.widgetEID, body),
  'widget.delete': ({ ctx, params }, { models }) => deleteWidget(models, ctx, params.widgetEID),
  'theme.list': ({ ctx, query }, { models }) => listThemes(models, ctx, query),
  'theme.create': ({ ctx, body }, { models, events, rpc }) => createTheme(models, events, rpc, ctx, body),
  'theme.get': ({ ctx, params }, { models }) => getTheme(models, ctx, params.themeEID),
  'theme.update': ({ ctx, params, body }, { models, events, rpc }) =>
    updateTheme(models, events, rpc, ctx, params.themeEID, body),
  'theme.delete': async ({ ctx, params }, { models, events }) => {
    await deleteTheme(models, events, ctx, params.themeEID);
    return withStatus(204, null);
  },
  'lobby.get': ({ ctx }, { models, rpc }) => getLobbyData(models, rpc, ctx),
  'badgeCounters.get': ({ ctx }, { models }) => badgeCountersOwner(models, ctx),
});

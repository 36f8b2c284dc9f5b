/**
 * Errors of the directory area "Menu, widgets, network themes, lobby, badge counters": codes -170 … -189. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const settingsErrors = {
  SETTINGS_ERR_THEME_NOT_FOUND: {
    status: 404,
    code: -170,
    title: 'Not Found',
    message: 'The network theme does not exist.',
  },
  SETTINGS_ERR_MENU_LINK_NOT_FOUND: {
    status: 400,
    code: -171,
    title: 'Bad Request',
    message: "A custom link EID does not name a link of this network's menu.",
  },
  SETTINGS_ERR_MENU_LINK_REPEATED: {
    status: 400,
    code: -172,
    title: 'Bad Request',
    message: 'A custom link EID is given more than once.',
  },
  SETTINGS_ERR_UNSUPPORTED_MENU_VERSION: {
    status: 400,
    code: -173,
    title: 'Bad Request',
    message: 'The menu version is not a supported API version.',
  },
  SETTINGS_ERR_WIDGET_NOT_FOUND: {
    status: 404,
    code: -174,
    title: 'Not Found',
    message: 'The network has no such widget.',
  },
  SETTINGS_ERR_TOO_MANY_WIDGETS: {
    status: 409,
    code: -175,
    title: 'Conflict',
    message: 'A network has at most 20 widgets: remove one first.',
  },
} as const satisfies Record<string, ErrorDefinition>;

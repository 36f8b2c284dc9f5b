/**
 * Handlers of every route the auth service owns, by route id: the areas' maps merged. A constant:
 * the conformance test lists it without a database (`@ncs/auth/testing`).
 */
import { appsHandlers } from './apps/handlers.js';
import { directoryHandlers } from './directory/handlers.js';
import { groupsHandlers } from './groups/handlers.js';
import { oauthHandlers } from './oauth/handlers.js';
import { settingsHandlers } from './settings/handlers.js';

export const authHandlers = {
  ...oauthHandlers,
  ...directoryHandlers,
  ...groupsHandlers,
  ...settingsHandlers,
  ...appsHandlers,
};

/**
 * What tests may use of the knowledge-base service's internals (`@ncs/knowledge-base/testing`):
 * nothing else of `src/` is imported from outside the app (the lint boundary, eslint.config.js).
 */
export { kbHandlers } from './app.js';
export { registerKbModels, type KbModels } from './models.js';

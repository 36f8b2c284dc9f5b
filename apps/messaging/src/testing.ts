/**
 * What tests may use of the messaging service's internals (`@ncs/messaging/testing`): nothing else of
 * `src/` is imported from outside the app (the lint boundary, eslint.config.js).
 */
export { messagingHandlers } from './handlers.js';
export { registerMessagingModels, type MessagingModels } from './models.js';

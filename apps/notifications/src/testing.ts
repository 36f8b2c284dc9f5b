/**
 * What tests may use of the notifications service's internals (`@ncs/notifications/testing`): nothing else of
 * `src/` is imported from outside the app (the lint boundary, eslint.config.js).
 */
export { notificationsHandlers } from './app.js';
export { ALERTS_DURABLE } from './consumers/alerts-consumer.js';

export * from './collections.js';
export * from './config.js';
export * from './database.js';
export * from './expiring-map.js';
export * from './html.js';
export * from './logger.js';
export * from './nats.js';
export * from './outbox.js';
export * from './rpc-client.js';
export * from './route-handlers.js';
export * from './rpc-server.js';
export * from './service-host.js';
export * from './shutdown.js';
export { injectTraceHeaders, extractTraceContext } from './telemetry.js';
export * from './rich-text.js';
export * from './query-shapes.js';
export * from './request-tables.js';
// Scale-out: the probes of a service process.
export * from './probe-server.js';

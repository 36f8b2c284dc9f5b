export * from './envelope.js';
export * from './errors.js';
export * from './resources.js';
export * from './routes.js';
export * from './subjects.js';

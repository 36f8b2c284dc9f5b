import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildAuthService } from './app.js';
import { loadAuthConfig } from './config.js';

const config = loadAuthConfig();
await runService({
  service: 'auth',
  version: '0.1.0',
  description: 'Identity, access and directory: OAuth tokens, accounts, networks and profiles',
  config,
  build: (runtime) => buildAuthService(runtime, config),
  telemetry,
});

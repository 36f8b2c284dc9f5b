import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildNotificationsService } from './app.js';
import { loadNotificationsConfig } from './config.js';

const config = loadNotificationsConfig();
await runService({
  service: 'notifications',
  version: '0.1.0',
  description: 'Alerts, badge counters, devices and push notifications',
  config,
  build: (runtime) => buildNotificationsService(runtime, config),
  telemetry,
});

import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildMessagingService } from './app.js';
import { loadMessagingConfig } from './config.js';

const config = loadMessagingConfig();
await runService({
  service: 'messaging',
  version: '0.1.0',
  description: 'Messages, timelines, tasks, polls, events, chat, journeys and AI assistant settings',
  config,
  build: (runtime) =>
    buildMessagingService(runtime, {
      schedulerIntervalMs: config.SCHEDULER_INTERVAL_MS,
      // Files: attachments and temporary uploads.
      fileSweep: {
        temporaryTtlMs: config.FILES_TEMPORARY_TTL_MS,
        uploadIdleMs: config.FILES_UPLOAD_IDLE_MS,
        intervalMs: config.FILES_SWEEP_INTERVAL_MS,
      },
    }),
  telemetry,
});

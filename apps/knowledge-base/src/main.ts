import { telemetry } from './instrument.js';
import { runService } from '@ncs/service-kit';
import { buildKnowledgeBaseService } from './app.js';
import { loadKnowledgeBaseConfig } from './config.js';

const config = loadKnowledgeBaseConfig();
await runService({
  service: 'kb',
  version: '0.1.0',
  description: 'Knowledge-base home, categories, managers and pages',
  config,
  build: (runtime) => buildKnowledgeBaseService(runtime),
  telemetry,
});

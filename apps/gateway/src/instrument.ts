// Loaded with `node --import` before anything else, so every library is instrumented (ARCHITECTURE §11).
import { startTelemetry } from '@ncs/service-kit/telemetry';
import { traceFastifyRoutes } from '@ncs/service-kit/telemetry-fastify';

export const telemetry = startTelemetry('gateway');
traceFastifyRoutes();

// Loaded with `node --import` before anything else, so every library is instrumented (ARCHITECTURE §11).
import { startTelemetry } from '@ncs/service-kit/telemetry';

export const telemetry = startTelemetry('knowledge-base');

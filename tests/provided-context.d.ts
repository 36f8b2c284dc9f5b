// What the vitest global setups provide to tests through `inject()` (tests/setup/*.ts).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    natsUrl: string;
    mongoUrl: string;
    baseUrl: string;
    logDir: string;
    otlpUrl: string;
    // Concern: push (issue #13): the FCM stand-in (tests/support/push-provider.ts).
    pushProviderUrl: string;
  }
}

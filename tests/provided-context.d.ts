// What the vitest global setups provide to tests through `inject()` (tests/setup/*.ts): the service
// tier's NATS and store (infra.ts); the end-to-end tier provides `stacks` (stack.ts), which tests
// read through tests/support/stack.ts.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    natsUrl: string;
    mongoUrl: string;
  }
}

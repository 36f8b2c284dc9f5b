/**
 * The lint rule that keeps the architecture's boundary (scripts/eslint/boundaries.js): apps import
 * only contracts, service-kit and themselves; packages never an app; tests reach an app only through
 * its testing export.
 */
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import boundaries from '../../scripts/eslint/boundaries.js';

// RuleTester declares its cases through the test framework's functions, vitest's here.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const root = join(import.meta.dirname, '..', '..');
const at = (path: string) => join(root, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('import-boundaries', boundaries.rules['import-boundaries'], {
  valid: [
    { filename: at('apps/auth/src/groups/handlers.ts'), code: "import { routesOf } from '@ncs/contracts';" },
    { filename: at('apps/auth/src/groups/handlers.ts'), code: "import { pageOf } from '@ncs/service-kit';" },
    { filename: at('apps/auth/src/groups/handlers.ts'), code: "import { x } from '../directory/rules.js';" },
    { filename: at('apps/auth/src/app.ts'), code: "import mongoose from 'mongoose';" },
    {
      filename: at('tests/e2e/groups/memberships-adding.test.ts'),
      code: "import { x } from '@ncs/auth/testing';",
    },
    {
      filename: at('tests/e2e/groups/memberships-adding.test.ts'),
      code: "import { x } from '../../support/api.js';",
    },
    {
      filename: at('packages/service-kit/test/telemetry.test.ts'),
      code: "import { x } from '../../../tests/support/otlp-receiver.js';",
    },
    {
      filename: at('apps/gateway/test/live-log.service.test.ts'),
      code: "import { startRestartableNats } from '@ncs/local-infra';",
    },
  ],
  invalid: [
    { filename: at('apps/gateway/src/app.ts'), code: "import { x } from '@ncs/auth';", errors: 1 },
    { filename: at('apps/messaging/src/app.ts'), code: "import { x } from '@ncs/local-infra';", errors: 1 },
    {
      filename: at('apps/messaging/src/chat/rules.ts'),
      code: "import { x } from '../../../auth/src/groups/rules.js';",
      errors: 1,
    },
    {
      filename: at('packages/contracts/src/index.ts'),
      code: "export * from '@ncs/auth/testing';",
      errors: 1,
    },
    {
      filename: at('tests/e2e/groups/memberships-adding.test.ts'),
      code: "import { x } from '../../../apps/auth/src/groups/rules.js';",
      errors: 1,
    },
    {
      filename: at('tests/support/factories/core.ts'),
      code: "import { x } from '@ncs/auth/src/models.js';",
      errors: 1,
    },
  ],
});

// Command 1 of the README: install what is missing, build, start NATS and the store (found or
// started), start all five apps with demo data, and print how to call the API. Ctrl-C stops all.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { demo, signInAsDemo } from './demo-client.mjs';
import { prepare, repoRoot } from './prepare.mjs';

const out = (line = '') => process.stdout.write(`${line}\n`);

prepare({ log: out });
const { startInfra, startStack, MissingPrerequisiteError } =
  await import('../packages/local-infra/dist/index.js');

let infra;
try {
  infra = await startInfra({ log: (m) => out(`[infra] ${m}`) });
} catch (error) {
  if (error instanceof MissingPrerequisiteError) {
    process.stderr.write(`Cannot start: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

const port = Number(process.env.PORT ?? 8080);

/**
 * Directory (issue #15): APP_SIGNING_SECRET_KEY from the environment, else one made once and kept
 * in .ncs/ (so secrets stored by an earlier start stay readable, also under NODE_ENV=production).
 * Notifications: app webhooks (issue #13): WEBHOOK_SECRET_KEY likewise.
 */
function keptKey(name, fileName) {
  if (process.env[name]) return process.env[name];
  const file = join(repoRoot, '.ncs', fileName);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
const logDir = join(repoRoot, '.ncs', 'logs');
let stack;
try {
  stack = await startStack({
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    port,
    baseEnv: process.env,
    logDir,
    // Directory (issue #15): the key of the app signing secrets at rest, kept with the local store.
    env: {
      auth: { APP_SIGNING_SECRET_KEY: keptKey('APP_SIGNING_SECRET_KEY', 'app-signing-secret.key') },
      notifications: { WEBHOOK_SECRET_KEY: keptKey('WEBHOOK_SECRET_KEY', 'webhook-secret.key') }, // app webhooks (issue #13)
    },
    onLine: process.env.NCS_SHOW_LOGS === '1' ? (app, line) => out(`${app.padEnd(14)}| ${line}`) : undefined,
  });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  await infra.stop();
  process.exit(1);
}

const base = stack.baseUrl;
const { password, clientId, clientSecret } = demo;
const networkEID = await signInAsDemo(base)
  .then((signedIn) => signedIn.networkEID)
  .catch(() => '<networkEID from GET /whoami/>');

out('');
out(`NCS is running at ${base}  (API docs: ${base}/docs, OpenAPI: ${base}/openapi.json)`);
out(
  `NATS ${infra.natsUrl} (${infra.kind.nats}), store ${infra.mongoUrl} (${infra.kind.mongo}); logs in ${logDir}`,
);
out('');
out(
  `Demo people (password ${password}): alice@acme.example (admin), bob@acme.example, gina@globex.example (Globex admin)`,
);
out(`Demo client: client_id=${clientId} client_secret=${clientSecret}`);
out('');
out('Try it:');
out(
  `  TOKEN=$(curl -s -X POST ${base}/oauth/v2/token -H 'Accept: application/json' ` +
    `-d grant_type=password -d username=alice@acme.example -d password=${password} ` +
    `-d client_id=${clientId} -d client_secret=${clientSecret} | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
);
out(
  `  curl -s ${base}/networks/${networkEID}/ -H "Authorization: Bearer $TOKEN" -H 'Accept: application/vnd.ncs.api-v2026.1.13+json+hal'`,
);
out('');
out(`The code flow with PKCE, as a third-party app: npm run demo:code-flow -- --base-url ${base}`);
// Scale-out (issue #14 §6): every instance of NCS_INSTANCES, its log and its probes.
if (process.env.NCS_INSTANCES) {
  out('');
  out(`Instances (NCS_INSTANCES=${process.env.NCS_INSTANCES}):`);
  for (const entry of stack.apps) {
    out(
      `  ${entry.app.padEnd(14)} pid ${entry.child.pid}  ${entry.probeUrl ?? ''}/ready  log ${entry.logFile}`,
    );
  }
}
out('');
out('Press Ctrl-C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    out('\nStopping…');
    void stack
      .stop()
      .then(() => infra.stop())
      .then(() => {
        out('Stopped.');
        process.exit(0);
      });
  });
}

// Command 1 of the README: install what is missing, build, start NATS and the store (found or
// started), start all five apps with demo data, and print how to call the API. An app or server that
// exits is restarted (packages/local-infra/src/supervisor.ts). Ctrl-C stops all.
// First: re-runs this script on the supported Node.js when the one that started it is older.
import './toolchain.mjs';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { demo, signInAsDemo } from './demo-client.mjs';
import { prepare, repoRoot } from './prepare.mjs';

const out = (line = '') => process.stdout.write(`${line}\n`);

prepare({ log: out });
const { startInfra, startStack, describeSupervisionEvent, DEFAULT_RESTART_POLICY, MissingPrerequisiteError } =
  await import('../packages/local-infra/dist/index.js');

let infra;
let stack;
let stopping = false;

/** Stops the apps, then the servers they use, and exits with `code`. */
function stopEverything(code, message) {
  if (stopping) return;
  stopping = true;
  if (!stack) {
    // Still starting: the exit hooks of local-infra end the servers and apps started so far.
    out(message ?? '\nInterrupted while starting.');
    process.exit(code);
  }
  out(message ?? '\nStopping…');
  void stack
    .stop()
    .then(() => infra.stop())
    .then(() => {
      out('Stopped.');
      process.exit(code);
    })
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}

// From the start: the apps are process groups of their own (stack.ts), so a Ctrl-C or a closed
// terminal reaches only this process, which must stop them.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopEverything(stack ? 0 : 130));
}

// Every exit, restart and give-up on the terminal; without NATS, the store or the gateway on the base
// URL nothing can be served, so giving one of them up stops everything (and `npm start` fails)
// rather than leave a platform up that only answers errors. Without one service the rest still
// serves (the gateway answers 503 for that service's routes): it keeps running.
const supervision = {
  report: (event) => {
    if (stopping) return;
    out(`[supervisor] ${describeSupervisionEvent(event)}`);
    if (event.type === 'given-up' && event.essential) stopEverything(1, '');
  },
};

try {
  infra = await startInfra({ log: (m) => out(`[infra] ${m}`), supervision });
} catch (error) {
  if (error instanceof MissingPrerequisiteError) {
    process.stderr.write(`Cannot start: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

const port = Number(process.env.PORT ?? 8080);

/**
 * Directory: APP_SIGNING_SECRET_KEY from the environment, else one made once and kept
 * in .ncs/ (so secrets stored by an earlier start stay readable, also under NODE_ENV=production).
 * Notifications (app webhooks): WEBHOOK_SECRET_KEY likewise.
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
const METRICS_PORTS = {
  gateway: 9464,
  auth: 9465,
  messaging: 9466,
  'knowledge-base': 9467,
  notifications: 9468,
};
try {
  stack = await startStack({
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    port,
    baseEnv: process.env,
    logDir,
    // Directory: the key of the app signing secrets at rest, kept with the local store.
    env: {
      auth: { APP_SIGNING_SECRET_KEY: keptKey('APP_SIGNING_SECRET_KEY', 'app-signing-secret.key') },
      notifications: { WEBHOOK_SECRET_KEY: keptKey('WEBHOOK_SECRET_KEY', 'webhook-secret.key') }, // app webhooks
      // A browser app on any local origin may call the API with a token (the gateway's default: none).
      gateway: { CORS_ORIGINS: process.env.CORS_ORIGINS ?? '*' },
    },
    onLine: process.env.NCS_SHOW_LOGS === '1' ? (app, line) => out(`${app.padEnd(14)}| ${line}`) : undefined,
    supervision,
    // Prometheus metrics of each app on a port of its own, on 127.0.0.1 only.
    metricsPorts: METRICS_PORTS,
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
out(
  `Metrics (Prometheus): ${Object.entries(METRICS_PORTS)
    .map(([app, metricsPort]) => `${app} http://127.0.0.1:${metricsPort}/metrics`)
    .join(', ')}`,
);
// Scale-out: every instance of NCS_INSTANCES, its log and its probes.
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
const { initialDelayMs, maxExits, windowMs } = DEFAULT_RESTART_POLICY;
out(
  `An app or server that exits is restarted (after ${initialDelayMs / 1000} s, doubling), and given up ` +
    `after ${maxExits} exits within ${windowMs / 1000} s.`,
);
out('Press Ctrl-C to stop.');

/**
 * The Helm chart gives every app what it needs to start in production mode: the chart is rendered
 * with helm (deploy/helm/helm.sh), and each app is started with exactly the environment of its
 * rendered Deployment, plus what its image sets (the Dockerfile's runtime `ENV`), against a broker
 * and a store of this test's own. Every Secret the chart references gets a value made up here, so a
 * variable the chart forgets (or a Secret it never references) leaves the app unready. Each app then
 * serves its metrics on the chart's metrics port.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  findFreePort,
  spawnAppProcess,
  startInfra,
  stopChild,
  type Infra,
  type StackApp,
} from '@ncs/local-infra';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Deployment {
  kind: string;
  spec: { template: { spec: { containers: { name: string; env?: EnvVar[] }[] } } };
}

/** `ENV` lines of the Dockerfile's `runtime` stage, which every app image is built from. */
function imageEnvironment(): Record<string, string> {
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
  const stage = runtime.slice(0, runtime.indexOf('\nFROM ') === -1 ? undefined : runtime.indexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, pairs] of stage.matchAll(/^ENV (.+)$/gm)) {
    for (const [, name, value] of pairs!.matchAll(/(\w+)=(\S+)/g)) env[name!] = value!;
  }
  return env;
}

/** The value each referenced Secret key holds in this test: the store's URL, else 32 random bytes. */
function secretValue(ref: { name: string; key: string }, infra: Infra): string {
  if (ref.name === 'ncs-mongo' && ref.key === 'url') return infra.mongoUrl;
  if (/secret-key$/.test(ref.key)) return randomBytes(32).toString('base64');
  throw new Error(
    `the chart references Secret ${ref.name}/${ref.key}, which this test does not know how to fill`,
  );
}

let infra: Infra;
let helm: string;
/** Each app's port: its probes' (`probePort`), the gateway's HTTP port (`apps.gateway.port`). */
const ports = new Map<StackApp, number>();
/** Each app's metrics port (`metrics.port`): one per app here, as they run side by side. */
const metricsPorts = new Map<StackApp, number>();
const running: ReturnType<typeof spawnAppProcess>[] = [];

/** The container environment of `app`'s Deployment, the chart rendered with `app`'s ports. */
function renderedEnvironment(app: StackApp, port: number, metricsPort: number): EnvVar[] {
  const setting = app === 'gateway' ? `apps.gateway.port=${port}` : `probePort=${port}`;
  const manifest = execFileSync(
    helm,
    [
      'template',
      'ncs',
      join(repoRoot, 'deploy/helm/ncs'),
      '--set',
      `nats.url=${infra.natsUrl}`,
      '--set',
      setting,
      '--set',
      `metrics.port=${metricsPort}`,
    ],
    { encoding: 'utf8' },
  );
  const deployments = parseAllDocuments(manifest)
    .map((document) => document.toJS() as Deployment | null)
    .filter((object): object is Deployment => object?.kind === 'Deployment');
  const containers = deployments.flatMap((deployment) => deployment.spec.template.spec.containers);
  expect(containers.map((container) => container.name).sort()).toEqual([...APPS].sort());
  return containers.find((container) => container.name === app)?.env ?? [];
}

const APPS = ['auth', 'messaging', 'knowledge-base', 'notifications', 'gateway'] as const;

beforeAll(async () => {
  infra = await startInfra({ ephemeral: true });
  for (const app of APPS) {
    ports.set(app, await findFreePort());
    metricsPorts.set(app, await findFreePort());
  }
  // Several minutes on a machine that has never built helm; cached in /tmp afterwards.
  helm = execFileSync('bash', [join(repoRoot, 'deploy/helm/helm.sh')], { encoding: 'utf8' }).trim();
}, 600_000);

afterAll(async () => {
  for (const app of running.splice(0).reverse()) {
    const code = await stopChild(app.child, 10_000);
    if (code !== 0) throw new Error(`${app.app} exited ${code} on SIGTERM`);
  }
  await infra?.stop();
});

describe('the Helm chart’s environment', () => {
  // The services first, each kept running: the gateway is ready only when every service answers.
  // In the cluster the four services share one probe port, each in its own pod; here each is
  // rendered with a port of its own so that they can run side by side.
  it.each(APPS)(
    '%s becomes ready in production mode with exactly the rendered environment',
    async (app) => {
      const port = ports.get(app)!;
      const env: Record<string, string> = { ...imageEnvironment() };
      const metricsPort = metricsPorts.get(app)!;
      for (const variable of renderedEnvironment(app, port, metricsPort)) {
        const ref = variable.valueFrom?.secretKeyRef;
        env[variable.name] = ref ? secretValue(ref, infra) : (variable.value ?? '');
      }
      expect(env.NODE_ENV).toBe('production');
      const logFile = join(tmpdir(), `ncs-chart-env-${app}-${Date.now()}.log`);
      // Only what a container has besides the chart's variables: a PATH and a HOME.
      const started = spawnAppProcess(app, {
        natsUrl: env.NATS_URL!,
        mongoUrl: env.MONGO_URL ?? '',
        baseEnv: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
        env,
        logFile,
      });
      running.push(started);
      const deadline = Date.now() + 60_000;
      let status = 0;
      while (Date.now() < deadline && started.child.exitCode === null) {
        status = await fetch(`http://127.0.0.1:${port}/ready`)
          .then((response) => response.status)
          .catch(() => 0);
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      expect(status, `${app} never became ready; its log:\n${log.slice(-2000)}`).toBe(200);
      // The chart's `metrics` port, which its Service and ServiceMonitor name.
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status, `${app} serves /metrics on the chart's metrics port`).toBe(200);
    },
    90_000,
  );
});

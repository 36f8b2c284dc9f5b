/**
 * docker-compose.yml and the Dockerfile: each service is healthy only when its
 * probe server (`PROBE_PORT`, service-kit's probe-server.ts) says ready, on the port the Helm chart
 * probes; the gateway starts only when every service is healthy; every app runs with the Node flags
 * of the local stack. No Docker engine runs here, so the files are checked as data.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NODE_FLAGS } from '@ncs/local-infra';

interface ComposeService {
  readonly environment?: Record<string, string>;
  readonly ports?: readonly string[];
  readonly healthcheck?: { readonly test: readonly string[] };
  readonly depends_on?: Record<string, { readonly condition: string }>;
}

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const helmValues = parse(read('deploy/helm/ncs/values.yaml')) as {
  probePort: number;
  metrics: { port: number };
};
const SERVICES = ['auth', 'messaging', 'knowledge-base', 'notifications'];

describe('docker-compose.yml', () => {
  it.each(SERVICES)(
    '%s: PROBE_PORT set to the Helm chart’s probe port, healthcheck on its /ready',
    (name) => {
      const service = compose.services[name]!;
      const port = service.environment?.PROBE_PORT;
      expect(port).toBe(String(helmValues.probePort));
      const test = service.healthcheck?.test.join(' ') ?? '';
      expect(test).toContain(`http://127.0.0.1:${port}/ready`);
    },
  );

  it.each([...SERVICES, 'gateway'])(
    '%s: metrics on the Helm chart’s metrics port, reachable on the compose network only',
    (name) => {
      const service = compose.services[name]!;
      expect(service.environment?.METRICS_PORT).toBe(String(helmValues.metrics.port));
      expect(service.environment?.METRICS_HOST).toBe('0.0.0.0');
      const published = (service.ports ?? []).map((mapping) => mapping.split(':').at(-1));
      expect(published).not.toContain(String(helmValues.metrics.port));
    },
  );

  it('starts the gateway only when every service is healthy', () => {
    const dependsOn = compose.services.gateway!.depends_on ?? {};
    for (const name of SERVICES)
      expect([name, dependsOn[name]?.condition]).toEqual([name, 'service_healthy']);
  });
});

describe('docker-compose.yml as written', () => {
  // `docker compose config` fails on `${NAME:?…}` and an unset NAME: every variable has a default,
  // so the file works with no environment at all.
  it('names no variable without a default', () => {
    const variables = [...read('docker-compose.yml').matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThan(0);
    expect(variables.filter((v) => !/^[A-Z_][A-Z0-9_]*:-/.test(v))).toEqual([]);
  });

  // The development keys are refused by the apps in production (their config tests), so the
  // default mode has to be development, and each key default says what it is.
  it('runs the apps in development mode by default, with the key defaults marked as such', () => {
    const text = read('docker-compose.yml');
    expect(text).toContain('NODE_ENV: ${NODE_ENV:-development}');
    for (const key of ['APP_SIGNING_SECRET_KEY', 'WEBHOOK_SECRET_KEY']) {
      const line = text.split('\n').findIndex((l) => l.trim().startsWith(`${key}:`));
      expect(line, key).toBeGreaterThan(0);
      expect(text.split('\n')[line - 1], key).toMatch(/DEVELOPMENT DEFAULT/);
    }
  });
});

describe('Dockerfile', () => {
  it('runs every app with the flags the local stack uses (NODE_FLAGS)', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual([
      'node',
      ...NODE_FLAGS,
      '--import',
      './dist/instrument.js',
      './dist/main.js',
    ]);
  });
});

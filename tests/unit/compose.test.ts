/**
 * docker-compose.yml (issue #14 §6): each service is healthy only when its probe server
 * (`PROBE_PORT`, service-kit's probe-server.ts) says ready, on the port the Helm chart probes, and
 * the gateway starts only when every service is healthy. No Docker engine runs here, so the file
 * is checked as data.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface ComposeService {
  readonly environment?: Record<string, string>;
  readonly healthcheck?: { readonly test: readonly string[] };
  readonly depends_on?: Record<string, { readonly condition: string }>;
}

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const helmValues = parse(read('deploy/helm/ncs/values.yaml')) as { probePort: number };
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

  it('starts the gateway only when every service is healthy', () => {
    const dependsOn = compose.services.gateway!.depends_on ?? {};
    for (const name of SERVICES)
      expect([name, dependsOn[name]?.condition]).toEqual([name, 'service_healthy']);
  });
});

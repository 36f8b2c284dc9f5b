/**
 * Scale-out: how many instances of each app `npm start` and the test stack run,
 * from `NCS_INSTANCES` (`auth=2,messaging=2`; an app not named runs once).
 */
export const stackApps = ['auth', 'messaging', 'knowledge-base', 'notifications', 'gateway'] as const;
export type StackApp = (typeof stackApps)[number];

/** At most this many instances of one app on one machine. */
export const MAX_INSTANCES = 8;

export function parseInstances(text: string | undefined): Record<StackApp, number> {
  const counts = Object.fromEntries(stackApps.map((app) => [app, 1])) as Record<StackApp, number>;
  const seen = new Set<string>();
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = /^([a-z-]+)=(\d+)$/.exec(entry);
    const app = match?.[1] as StackApp | undefined;
    const count = Number(match?.[2]);
    if (!app || !stackApps.includes(app)) {
      throw new Error(
        `NCS_INSTANCES: "${entry}" is not <app>=<count> for an app of ${stackApps.join(', ')} (e.g. auth=2,messaging=2)`,
      );
    }
    if (!Number.isInteger(count) || count < 1 || count > MAX_INSTANCES) {
      throw new Error(`NCS_INSTANCES: the count of ${app} must be an integer from 1 to ${MAX_INSTANCES}`);
    }
    if (seen.has(app)) throw new Error(`NCS_INSTANCES: ${app} is named twice`);
    seen.add(app);
    counts[app] = count;
  }
  return counts;
}

/** The log file of the n-th instance (1-based) of an app: `auth.log`, `auth-2.log`, … */
export function instanceLogName(app: string, n: number): string {
  return n === 1 ? `${app}.log` : `${app}-${n}.log`;
}

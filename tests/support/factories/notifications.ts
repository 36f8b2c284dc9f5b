/**
 * Notifications factories: the alert paths, and reading the caller's alerts until the consumer has
 * written what a test waits for (a bounded wait: alerts follow their events asynchronously).
 */
import { call } from '../api.js';

export const alertsPath = (networkEID: string, rest = '') => `/networks/${networkEID}/alerts/${rest}`;
export const markreadPath = (networkEID: string) => `/networks/${networkEID}/alerts/markread`;

export interface AlertBody {
  type: 'alert';
  EID: string;
  alertType: string;
  category: string;
  actionability: string;
  read: boolean;
  coalesced: boolean;
  numCoalesced: number;
  numGroups: number;
  numOriginators: number;
  numAuthors: number;
  subject: { type: string; EID: string } | null;
  originators: { type: string; EID: string }[];
  groups: { type: string; EID: string }[];
  appData: Record<string, unknown> | null;
  created: string;
  lastModified: string;
  _links: Record<string, { href: string }>;
}

export interface AlertCollectionBody {
  total: number;
  _embedded: { alerts: AlertBody[] };
}

/** The caller's alerts (one page of 100) with the query given, as `token`; throws unless 200. */
export async function alertsOf(networkEID: string, token: string, query = ''): Promise<AlertBody[]> {
  const response = await call<AlertCollectionBody>(`${alertsPath(networkEID)}?limit=100${query}`, { token });
  if (response.status !== 200) throw new Error(`alerts: ${response.status} ${response.text}`);
  return response.body._embedded.alerts;
}

/**
 * Reads the caller's alerts until `done` holds for them (15 s at most), and returns them; the last
 * read when the time is up, so the test's own assertion says what is missing.
 */
export async function waitForAlerts(
  networkEID: string,
  token: string,
  done: (alerts: AlertBody[]) => boolean,
  query = '',
): Promise<AlertBody[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const alerts = await alertsOf(networkEID, token, query);
    if (done(alerts) || Date.now() > deadline) return alerts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for an alert of `alertType` (and, when given, about `subjectEID`) and returns it. */
export async function waitForAlert(
  networkEID: string,
  token: string,
  alertType: string,
  subjectEID?: string,
): Promise<AlertBody | undefined> {
  const matches = (a: AlertBody) =>
    a.alertType === alertType && (subjectEID === undefined || a.subject?.EID === subjectEID);
  const alerts = await waitForAlerts(networkEID, token, (all) => all.some(matches));
  return alerts.find(matches);
}

/** Reads until no new alert arrived for `quietMs` (to show that an event made nothing more). */
export async function settledAlerts(networkEID: string, token: string, query = '', quietMs = 1_500) {
  let last = JSON.stringify(await alertsOf(networkEID, token, query));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = JSON.stringify(await alertsOf(networkEID, token, query));
    if (now === last) return JSON.parse(now) as AlertBody[];
    last = now;
  }
}

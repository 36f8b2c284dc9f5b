/**
 * App manifests (spec: "Apps and app manifests"; issue: redirect URIs, entry points, application
 * permissions, events): registered and replaced by the app itself, read by the app and network
 * administrators (`checkexistence`). The redirect URIs live on the core client (where the
 * authorization page reads them); the rest in `app_manifests`. Never any secret in a reply.
 */
import { type RouteBody } from '../core/requests.js';
import { randomBytes } from 'node:crypto';
import {
  applicationPermissions,
  DomainError,
  namesPrivateTarget,
  toTimestamp,
  type AppEntryPointValue,
  type ErrorDetail,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { withStatus } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import type { ManifestRules } from './dependencies.js';
import type { AppsStore } from './dependencies.js';
import type { ClientDoc } from '../core/client-models.js';
import { administersANetwork, findApp, requireOwnAppToken } from './access.js';
import type { AppManifestDoc } from './models.js';
import type { SigningSecretBox } from './signing-secret-box.js';
import { storeSigningKey } from './signing-keys.js';

/** What a manifest holds once validated, defaults applied. */
export interface NormalizedManifest {
  readonly description: string;
  readonly redirectUris: string[];
  readonly entryPoints: AppEntryPointValue[];
  readonly permissions: string[];
  readonly events: { url: string | null; subscriptions: string[] };
}

/**
 * The body of `PUT /apps/{appEID}/`, as the route schema has already validated it; its permissions
 * are checked here again (any string), so a manifest never lists an unknown one.
 */
export type ManifestInput = Omit<RouteBody<'appManifest.put'>, 'permissions'> & {
  readonly permissions: readonly string[];
};

export type EntryPointInput = ManifestInput['entryPoints'][number];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `value` is not an acceptable app URL, or undefined: absolute, https (http only for a
 * loopback host, RFC 8252 §7.3), no user info (phishing: `https://good@evil`), no fragment
 * (RFC 6749 §3.1.2), no white space.
 */
export function appUrlProblem(value: string): string | undefined {
  if (/\s/.test(value)) return 'must not contain white space';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return 'must be an https URL (http only for localhost)';
  }
  if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value)) {
    return 'must not contain user info';
  }
  if (value.includes('#')) return 'must not contain a fragment';
  return undefined;
}

/**
 * Why `value`, a webhook URL the platform will POST to, names a target it must not reach, or
 * undefined. Only what the URL itself says (an IP literal, `localhost`, a metadata service's name):
 * a name that resolves to a private address is refused by notifications when it connects.
 */
export function webhookTargetProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined; // appUrlProblem names it
  }
  if (namesPrivateTarget(url.hostname))
    return 'must not name a loopback, private, link-local or metadata address';
  return undefined;
}

/** Fields that only one entry-point context uses, and that context. */
const contextOnly = {
  urlAppendNetwork: 'external',
  hasMenuItem: 'appMenuItem',
  isDynamic: 'appMenuItem',
  widgetHeight: 'widget',
  lightboxTemplate: 'lightbox',
} as const;

/**
 * Checks what the schema cannot (URL forms, unique entry-point names, fields of one context) and
 * applies the defaults. Pure: returns the manifest or every problem, each naming its field.
 */
export function normalizeManifest(
  input: ManifestInput,
  rules: ManifestRules = { allowPrivateWebhookTargets: false },
): { manifest: NormalizedManifest; problems: [] } | { manifest?: undefined; problems: ErrorDetail[] } {
  const problems: ErrorDetail[] = [];
  const problem = (pointer: string, message: string) =>
    problems.push({ pointer: `/body${pointer}`, message });
  const checkUrl = (pointer: string, value: string | null | undefined) => {
    if (typeof value !== 'string') return;
    const why = appUrlProblem(value);
    if (why) problem(pointer, why);
  };

  input.redirectUris.forEach((uri, i) => checkUrl(`/redirectUris/${i}`, uri));
  const names = new Set<string>();
  const entryPoints = input.entryPoints.map((entry, i): AppEntryPointValue => {
    const at = `/entryPoints/${i}`;
    if (names.has(entry.name)) problem(`${at}/name`, 'is the name of another entry point');
    names.add(entry.name);
    checkUrl(`${at}/url`, entry.url);
    checkUrl(`${at}/fallbackUrl`, entry.fallbackUrl);
    for (const [field, context] of Object.entries(contextOnly)) {
      const value = entry[field as keyof typeof contextOnly];
      if (value !== undefined && value !== null && value !== false && entry.context !== context) {
        problem(`${at}/${field}`, `applies only to ${context} entry points`);
      }
    }
    if (entry.context === 'widget' && (entry.widgetHeight === undefined || entry.widgetHeight === null)) {
      problem(`${at}/widgetHeight`, 'is required for a widget entry point');
    }
    if (entry.isDynamic && !entry.hasMenuItem) {
      problem(`${at}/isDynamic`, 'needs hasMenuItem: a dynamic label belongs to a menu item');
    }
    return {
      name: entry.name,
      context: entry.context,
      url: entry.url,
      includeExternalUsers: entry.includeExternalUsers ?? true,
      fallbackUrl: entry.fallbackUrl ?? null,
      urlAppendNetwork: entry.urlAppendNetwork ?? false,
      hasMenuItem: entry.hasMenuItem ?? false,
      isDynamic: entry.isDynamic ?? false,
      widgetHeight: entry.widgetHeight ?? null,
      lightboxTemplate: entry.lightboxTemplate ?? null,
      localLabel: entry.localLabel ?? null,
    };
  });
  input.permissions.forEach((permission, i) => {
    if (!(applicationPermissions as readonly string[]).includes(permission)) {
      problem(`/permissions/${i}`, 'is not an application permission');
    }
  });
  const events = {
    url: input.events?.url ?? null,
    subscriptions: [...(input.events?.subscriptions ?? [])],
  };
  checkUrl('/events/url', events.url);
  if (events.url !== null && !rules.allowPrivateWebhookTargets) {
    const why = webhookTargetProblem(events.url);
    if (why) problem('/events/url', why);
  }
  if (events.subscriptions.length > 0 && events.url === null) {
    problem('/events/url', 'is required when subscriptions are given');
  }
  if (problems.length > 0) return { problems };
  return {
    manifest: {
      description: input.description ?? '',
      redirectUris: [...input.redirectUris],
      entryPoints,
      permissions: [...input.permissions],
      events,
    },
    problems: [],
  };
}

export function presentEntryPoint(entry: AppEntryPointValue): AppEntryPointValue {
  return {
    name: entry.name,
    context: entry.context,
    url: entry.url,
    includeExternalUsers: entry.includeExternalUsers,
    fallbackUrl: entry.fallbackUrl ?? null,
    urlAppendNetwork: entry.urlAppendNetwork,
    hasMenuItem: entry.hasMenuItem,
    isDynamic: entry.isDynamic,
    widgetHeight: entry.widgetHeight ?? null,
    lightboxTemplate: entry.lightboxTemplate ?? null,
    localLabel: entry.localLabel ?? null,
  };
}

/** The app and its manifest; an app that registered none has an empty one (`created` null). */
export function presentManifest(client: ClientDoc, manifest: AppManifestDoc | null): PlainResource {
  return {
    type: 'app_manifest',
    EID: client.clientId,
    name: client.name,
    description: manifest?.description ?? '',
    redirectUris: [...client.redirectUris],
    entryPoints: (manifest?.entryPoints ?? []).map((e) => presentEntryPoint(e as AppEntryPointValue)),
    permissions: [...(manifest?.permissions ?? [])],
    events: {
      url: manifest?.events?.url ?? null,
      subscriptions: [...(manifest?.events?.subscriptions ?? [])],
    },
    created: manifest ? toTimestamp(manifest.created) : null,
    lastModified: manifest ? toTimestamp(manifest.lastModified) : null,
  };
}

/**
 * `checkexistence`: the app itself (an app token of that app) or an administrator of any network
 * (who installs apps) reads the manifest; others 403 before existence is looked at; no app 404.
 */
export async function getManifest(models: AppsStore, ctx: RequestContext, appEID: string) {
  const principal = ctx.principal;
  const allowed = principal?.accountId
    ? await administersANetwork(models, principal.accountId)
    : principal?.appEID === appEID;
  if (!allowed) throw new DomainError('APPS_ERR_MANIFEST_FORBIDDEN');
  const client = await findApp(models, appEID);
  if (!client) throw new DomainError('APPS_ERR_APP_NOT_FOUND');
  const manifest = await models.AppManifest.findOne({ clientId: appEID }).lean<AppManifestDoc>();
  return presentManifest(client, manifest);
}

/**
 * `PUT /apps/{appEID}/` by the app itself: replaces the whole manifest (201 the first time).
 * Installations keep only permissions the new manifest still lists (a narrowing applies at once;
 * a widening waits until an administrator installs the app again).
 */
export async function putManifest(
  models: AppsStore,
  events: EventSink,
  ctx: RequestContext,
  appEID: string,
  body: ManifestInput,
  rules: ManifestRules,
) {
  requireOwnAppToken(ctx, appEID);
  const client = await findApp(models, appEID);
  if (!client) throw new DomainError('APPS_ERR_APP_NOT_FOUND');
  const { manifest, problems } = normalizeManifest(body, rules);
  if (!manifest) {
    throw new DomainError(
      'APPS_ERR_INVALID_MANIFEST',
      `The app manifest is invalid: ${problems.map((p) => `${p.pointer} ${p.message}`).join('; ')}.`,
      problems,
    );
  }
  // Two documents, no transaction: each write is whole, and repeating the PUT repairs a failure
  // between them (it is idempotent).
  await models.Client.updateOne({ clientId: appEID }, { $set: { redirectUris: manifest.redirectUris } });
  const { upsertedCount } = await models.AppManifest.updateOne(
    { clientId: appEID },
    {
      $set: {
        description: manifest.description,
        entryPoints: manifest.entryPoints,
        permissions: manifest.permissions,
        events: manifest.events,
      },
    },
    { upsert: true },
  );
  const withdrawn = applicationPermissions.filter((p) => !manifest.permissions.includes(p));
  await models.Installation.updateMany({ clientId: appEID }, { $pullAll: { permissions: withdrawn } });
  const created = upsertedCount > 0;
  await events.record(created ? 'auth.app_manifest.created' : 'auth.app_manifest.updated', {
    actor: { type: 'app', EID: appEID },
    audience: { kind: 'internal' },
    data: {
      app: { type: 'app_manifest', EID: appEID },
      permissions: manifest.permissions,
      entryPoints: manifest.entryPoints.map((e) => e.name),
    },
  });
  const [updatedClient, stored] = await Promise.all([
    models.Client.findOne({ clientId: appEID }).lean<ClientDoc>(),
    models.AppManifest.findOne({ clientId: appEID }).lean<AppManifestDoc>(),
  ]);
  return withStatus(created ? 201 : 200, presentManifest(updatedClient ?? client, stored));
}

/**
 * `POST /apps/{appEID}/signing-secret` by the app itself: a new random secret (256 bits) replaces
 * the previous one at once; it is answered this once and never again.
 */
export async function createSigningSecret(
  models: AppsStore,
  events: EventSink,
  ctx: RequestContext,
  appEID: string,
  signingSecrets: SigningSecretBox,
): Promise<PlainResource> {
  requireOwnAppToken(ctx, appEID);
  if (!(await findApp(models, appEID))) throw new DomainError('APPS_ERR_APP_NOT_FOUND');
  const secret = randomBytes(32).toString('base64url');
  const keyId = randomBytes(8).toString('hex');
  await storeSigningKey(models, signingSecrets, appEID, secret, keyId);
  await events.record('auth.app_signing_secret.rotated', {
    actor: { type: 'app', EID: appEID },
    audience: { kind: 'internal' },
    data: { app: { type: 'app_manifest', EID: appEID }, keyId },
  });
  return {
    type: 'app_signing_secret',
    EID: appEID,
    app: { type: 'app_manifest', EID: appEID },
    secret,
    keyId,
    created: toTimestamp(new Date()),
  };
}

/**
 * Content negotiation: the API version and the media type of the answer (spec: Versioning;
 * ARCHITECTURE §5).
 *
 * - `application/vnd.<vendor>.api-v<version>+json+hal`: that version, answered in that media type.
 *   The versionless `application/vnd.<vendor>.api+json+hal`: the vendor type of the latest version.
 * - `application/hal+json` and `application/json`: answered in that media type (off-the-shelf HAL
 *   and JSON clients do not know the vendor type); no `Accept` (or an empty one), `*\/*` and
 *   `application/*`: `application/hal+json`. Their version is the media-type parameter `version=`
 *   (e.g. `application/hal+json; version=2024.3.0`), else the `Api-Version` request header, else
 *   the latest. A vendor type that names its version keeps it, whatever `Api-Version` says.
 * - Several entries: highest `q` first, then the order of the header; `q=0` rules that media type
 *   out. The first entry the server can serve wins; a malformed or unknown version in an entry only
 *   fails the negotiation when nothing else listed is acceptable (HTTP content negotiation: the
 *   server picks any acceptable representation). A malformed or unknown `Api-Version` is 406.
 * - Media types are case-insensitive; parameters other than `q` and `version` are ignored.
 *
 * The first step of the request path: the version (and language) the request is answered in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BoundedMemo,
  describeSupportedVersions,
  DomainError,
  isSupportedVersion,
  LATEST_VERSION,
  parseVersion,
  type RequestContext,
  type RouteDefinition,
} from '@ncs/contracts';
import { requestTraceparent } from '@ncs/service-kit/telemetry-fastify';
import { assertRouteInVersion } from '../version-gates.js';

export interface NegotiatedVersion {
  readonly version: string;
  /**
   * The response `Content-Type`: e.g. `application/vnd.ncs.api-v2026.1.13+json+hal`,
   * `application/hal+json` or `application/json`.
   */
  readonly mediaType: string;
}

export type NegotiationResult =
  | { readonly ok: true; readonly value: NegotiatedVersion }
  | { readonly ok: false; /** Names the bad value and the supported range. */ readonly reason: string };

export interface AcceptEntry {
  /** Lower-cased `type/subtype`. */
  readonly mediaType: string;
  readonly q: number;
  /** The `version` parameter, unquoted, when the entry has one. */
  readonly version?: string;
}

/** The request header naming the version of a generic media type; answered on every response. */
export const API_VERSION_HEADER = 'Api-Version';
/** What a HAL answer varies on: both the media type and the version depend on them. */
export const NEGOTIATION_VARY = `Accept, ${API_VERSION_HEADER}`;

export const HAL_JSON = 'application/hal+json';
export const PLAIN_JSON = 'application/json';
/** Generic media ranges: what each may be answered in, preferred first. */
const GENERIC_RANGES: ReadonlyMap<string, readonly string[]> = new Map([
  ['*/*', [HAL_JSON, PLAIN_JSON]],
  ['application/*', [HAL_JSON, PLAIN_JSON]],
  [HAL_JSON, [HAL_JSON]],
  [PLAIN_JSON, [PLAIN_JSON]],
]);
const HAL_SUFFIX = '+json+hal';
/** Client input quoted in a reason is cut to this length. */
const MAX_QUOTED = 100;

export function versionedMediaType(vendor: string, version: string): string {
  return `application/vnd.${vendor}.api-v${version}${HAL_SUFFIX}`;
}

/** Splits on `separator` outside double-quoted strings (a quoted parameter may hold `,` or `;`). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

const QVALUE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

function parameterValue(parameters: readonly string[], wanted: string): string | undefined {
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim());
    if (name.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** The `q` of an entry: 1 when absent; `undefined` when unreadable (the entry is then ignored). */
function qualityOf(parameters: readonly string[]): number | undefined {
  const value = parameterValue(parameters, 'q');
  if (value === undefined) return 1;
  if (!QVALUE.test(value)) return undefined;
  const q = Number(value);
  return q >= 0 && q <= 1 ? q : undefined;
}

/** The `version` parameter of an entry, without its quotes. */
function versionParameterOf(parameters: readonly string[]): string | undefined {
  const value = parameterValue(parameters, 'version');
  return value === undefined ? undefined : value.replace(/^"(.*)"$/, '$1');
}

/** The entries of an `Accept` header in header order; entries that are not `type/subtype` are dropped. */
export function parseAccept(header: string): AcceptEntry[] {
  return splitOutsideQuotes(header, ',').flatMap((entry) => {
    const [range = '', ...parameters] = splitOutsideQuotes(entry, ';');
    const mediaType = range.trim().toLowerCase();
    const q = qualityOf(parameters);
    if (!/^[^\s/]+\/[^\s/]+$/.test(mediaType) || q === undefined) return [];
    const version = versionParameterOf(parameters);
    return [version === undefined ? { mediaType, q } : { mediaType, q, version }];
  });
}

type Offer =
  | { readonly kind: 'version'; readonly version: string; readonly mediaTypes: readonly string[] }
  | { readonly kind: 'invalid'; readonly reason: string }
  | { readonly kind: 'unrelated' };

function quote(value: string): string {
  return JSON.stringify(value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value);
}

function supportedRangeText(): string {
  return `supported versions: ${describeSupportedVersions()}`;
}

/** Why `version` (named in `where`) cannot be served, or `undefined` when it can. */
function versionProblem(version: string, where: string): string | undefined {
  if (!parseVersion(version))
    return `API version ${quote(version)} in ${where} is malformed (expected <major>.<minor>.<patch>); ${supportedRangeText()}.`;
  if (!isSupportedVersion(version))
    return `API version ${quote(version)} in ${where} is not supported; ${supportedRangeText()}.`;
  return undefined;
}

function offerForVersion(version: string, where: string, mediaTypes: readonly string[]): Offer {
  const reason = versionProblem(version, where);
  return reason === undefined ? { kind: 'version', version, mediaTypes } : { kind: 'invalid', reason };
}

/**
 * What the server can serve for one media range. `headerVersion` is the valid `Api-Version` of
 * the request, if any: the version of an entry that names none.
 */
function offerFor(entry: AcceptEntry, vendor: string, headerVersion: string | undefined): Offer {
  const { mediaType } = entry;
  const unnamed = (mediaTypes: readonly string[]): Offer =>
    entry.version !== undefined
      ? offerForVersion(entry.version, 'Accept', mediaTypes)
      : { kind: 'version', version: headerVersion ?? LATEST_VERSION, mediaTypes };
  const generic = GENERIC_RANGES.get(mediaType);
  if (generic) return unnamed(generic);
  const prefix = `application/vnd.${vendor.toLowerCase()}.api`;
  if (!mediaType.startsWith(prefix) || !mediaType.endsWith(HAL_SUFFIX)) return { kind: 'unrelated' };
  const middle = mediaType.slice(prefix.length, mediaType.length - HAL_SUFFIX.length);
  if (middle === '') return unnamed([]);
  // `-v1.2.3`, but also `-1.2.3` or `-v`: an attempt at a version, answered as malformed.
  if (!middle.startsWith('-')) return { kind: 'unrelated' };
  if (middle.startsWith('-v')) return offerForVersion(middle.slice(2), 'Accept', []);
  return {
    kind: 'invalid',
    reason: `API version ${quote(middle.slice(1))} in Accept is malformed (expected api-v<major>.<minor>.<patch>); ${supportedRangeText()}.`,
  };
}

/** The answer's media type for an offer; the empty list stands for the vendor type of its version. */
function mediaTypesOf(offer: { version: string; mediaTypes: readonly string[] }, vendor: string): string[] {
  return offer.mediaTypes.length > 0 ? [...offer.mediaTypes] : [versionedMediaType(vendor, offer.version)];
}

/** Media types the client ruled out with `q=0` (a generic type whatever its version, a vendor type per version). */
function excludedMediaTypes(entries: readonly AcceptEntry[], vendor: string): Set<string> {
  const excluded = new Set<string>();
  for (const entry of entries) {
    // `*/*;q=0` refuses anything not listed otherwise; it rules out nothing in particular.
    if (entry.q !== 0 || entry.mediaType === '*/*' || entry.mediaType === 'application/*') continue;
    const offer = offerFor({ mediaType: entry.mediaType, q: 1 }, vendor, undefined);
    if (offer.kind === 'version') for (const type of mediaTypesOf(offer, vendor)) excluded.add(type);
  }
  return excluded;
}

function byPreference(entries: readonly AcceptEntry[]): AcceptEntry[] {
  // Array.prototype.sort is stable: equal q keeps header order.
  return entries.filter((entry) => entry.q > 0).sort((a, b) => b.q - a.q);
}

function accepted(version: string, mediaType: string): NegotiationResult {
  return { ok: true, value: { version, mediaType } };
}

function nothingAcceptable(header: string, vendor: string): NegotiationResult {
  return {
    ok: false,
    reason:
      `Accept ${quote(header)} lists no media type this API serves; use ` +
      `${versionedMediaType(vendor, '<version>')} (${supportedRangeText()}), application/hal+json or application/json.`,
  };
}

/**
 * Negotiated answers by vendor, `Api-Version` and `Accept` header (parsing the header
 * was a tenth of the gateway's garbage per request, and a client sends the same header every time).
 * A key longer than 256 characters is negotiated each time, so the memory stays small.
 */
const negotiated = new BoundedMemo<string, NegotiationResult>(1_000, { maxKeyLength: 256 });

export function negotiateVersion(
  accept: string | undefined,
  vendor: string,
  apiVersion?: string,
): NegotiationResult {
  // No header and an empty one are answered alike (the latest version).
  return negotiated.get(`${vendor}\n${apiVersion ?? ''}\n${accept ?? ''}`, () => {
    const result = negotiateNow(accept, vendor, apiVersion?.trim() || undefined);
    if (result.ok) Object.freeze(result.value);
    return Object.freeze(result);
  });
}

function negotiateNow(
  accept: string | undefined,
  vendor: string,
  apiVersion: string | undefined,
): NegotiationResult {
  if (apiVersion !== undefined) {
    const reason = versionProblem(apiVersion, API_VERSION_HEADER);
    if (reason !== undefined) return { ok: false, reason };
  }
  // An absent header, or one without any entry, accepts anything: HAL, the most useful to a generic client.
  if (accept === undefined || /^[\s,]*$/.test(accept))
    return accepted(apiVersion ?? LATEST_VERSION, HAL_JSON);
  const entries = parseAccept(accept);
  const excluded = excludedMediaTypes(entries, vendor);
  let firstInvalid: string | undefined;
  for (const entry of byPreference(entries)) {
    const offer = offerFor(entry, vendor, apiVersion);
    if (offer.kind === 'invalid') firstInvalid ??= offer.reason;
    if (offer.kind !== 'version') continue;
    const mediaType = mediaTypesOf(offer, vendor).find((type) => !excluded.has(type));
    if (mediaType !== undefined) return accepted(offer.version, mediaType);
  }
  return firstInvalid !== undefined ? { ok: false, reason: firstInvalid } : nothingAcceptable(accept, vendor);
}

/** The `Api-Version` request header (a repeated header counts as its first value). */
export function requestedApiVersion(request: FastifyRequest): string | undefined {
  const value = request.headers['api-version'];
  return Array.isArray(value) ? value[0] : value;
}

/** The version each request was answered in, for the `Api-Version` response header. */
const answeredVersions = new WeakMap<FastifyRequest, string>();

/** Negotiates the request's version and media type; a failure is 406. */
export function negotiateRequest(request: FastifyRequest, vendor: string): NegotiatedVersion {
  const result = negotiateVersion(request.headers.accept, vendor, requestedApiVersion(request));
  if (!result.ok) throw new DomainError('NOT_ACCEPTABLE', result.reason);
  answeredVersions.set(request, result.value.version);
  return result.value;
}

/**
 * Every response names the API version it was answered in, problems and pages included: the
 * negotiated one, else (nothing negotiated, or negotiation failed) the latest.
 */
export function registerApiVersionHeader(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header(API_VERSION_HEADER, answeredVersions.get(request) ?? LATEST_VERSION);
    return payload;
  });
}

/**
 * The version a table route answers in: negotiated from `Accept` on a HAL route (406 when nothing
 * listed is served, 404 when the route does not exist in that version), the latest on the others.
 */
export function negotiate(
  route: RouteDefinition,
  request: FastifyRequest,
  vendor: string,
): NegotiatedVersion {
  // Files and folders: an upload answers HAL.
  if (route.format !== 'hal' && route.format !== 'upload')
    return { version: LATEST_VERSION, mediaType: 'application/json' };
  const negotiated = negotiateRequest(request, vendor);
  assertRouteInVersion(route, negotiated.version);
  return negotiated;
}

/**
 * What every call made for the request carries: the version, the request id and, where the active
 * context does not follow requests (no span exporter), the request's own span.
 */
export function baseContext(request: FastifyRequest, version: string): RequestContext {
  const traceparent = requestTraceparent(request.raw);
  return {
    version,
    requestId: String(request.id),
    ...(traceparent === undefined ? {} : { traceparent }),
  };
}

/** The envelope context of the request before authentication: version, language, and what public routes need. */
export function requestContext(
  route: RouteDefinition,
  request: FastifyRequest,
  version: string,
): RequestContext {
  const language = preferredLanguage(request.headers['accept-language']);
  return {
    ...baseContext(request, version),
    ...(language ? { language } : {}),
    ...(route.scope === 'public' ? { baseUrl: request.apiBaseUrl, host: request.host } : {}),
    ...(route.passwordSignIn ? { clientAddress: request.ip } : {}),
    ...idempotencyKeyOf(route, request),
  };
}

/** The primary language subtag of the most preferred entry of `Accept-Language`, e.g. `nl`. */
export function preferredLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.split('-')[0];
}

/** Idempotent posting: the `Idempotency-Key` header of a route that honours it (checked by the owner). */
function idempotencyKeyOf(route: RouteDefinition, request: FastifyRequest): { idempotencyKey?: string } {
  const key = request.headers['idempotency-key'];
  return route.idempotencyKey && typeof key === 'string' ? { idempotencyKey: key } : {};
}

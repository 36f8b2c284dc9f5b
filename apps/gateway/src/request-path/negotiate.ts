/**
 * API version negotiation from the `Accept` header (spec: Versioning; ARCHITECTURE §5).
 *
 * - No `Accept` (or an empty one), `*\/*`, `application/*`, `application/json`,
 *   `application/hal+json`, and the versionless `application/vnd.<vendor>.api+json+hal`: the latest
 *   version.
 * - `application/vnd.<vendor>.api-v<version>+json+hal`: that version, if supported.
 * - Several entries: highest `q` first, then the order of the header; `q=0` means "not acceptable".
 *   The first entry the server can serve wins; a malformed or unknown vendor version only fails the
 *   negotiation when nothing else listed is acceptable (HTTP content negotiation: the server picks
 *   any acceptable representation).
 * - Media types are case-insensitive; parameters other than `q` are ignored.
 *
 * The first step of the request path: the version (and language) the request is answered in.
 */
import type { FastifyRequest } from 'fastify';
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
  /** The response `Content-Type`, e.g. `application/vnd.ncs.api-v2026.1.13+json+hal`. */
  readonly mediaType: string;
}

export type NegotiationResult =
  | { readonly ok: true; readonly value: NegotiatedVersion }
  | { readonly ok: false; /** Names the bad value and the supported range. */ readonly reason: string };

export interface AcceptEntry {
  /** Lower-cased `type/subtype`. */
  readonly mediaType: string;
  readonly q: number;
}

/** The media ranges that stand for "the latest version". */
const LATEST_ALIASES = new Set(['*/*', 'application/*', 'application/json', 'application/hal+json']);
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

/** The `q` of an entry: 1 when absent; `undefined` when unreadable (the entry is then ignored). */
function qualityOf(parameters: readonly string[]): number | undefined {
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim());
    if (name.toLowerCase() !== 'q') continue;
    if (!QVALUE.test(value)) return undefined;
    const q = Number(value);
    return q >= 0 && q <= 1 ? q : undefined;
  }
  return 1;
}

/** The entries of an `Accept` header in header order; entries that are not `type/subtype` are dropped. */
export function parseAccept(header: string): AcceptEntry[] {
  return splitOutsideQuotes(header, ',').flatMap((entry) => {
    const [range = '', ...parameters] = splitOutsideQuotes(entry, ';');
    const mediaType = range.trim().toLowerCase();
    const q = qualityOf(parameters);
    if (!/^[^\s/]+\/[^\s/]+$/.test(mediaType) || q === undefined) return [];
    return [{ mediaType, q }];
  });
}

type Offer =
  | { readonly kind: 'version'; readonly version: string }
  | { readonly kind: 'invalid'; readonly reason: string }
  | { readonly kind: 'unrelated' };

function quote(value: string): string {
  return JSON.stringify(value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value);
}

function supportedRangeText(): string {
  return `supported versions: ${describeSupportedVersions()}`;
}

function malformed(version: string): Offer {
  return {
    kind: 'invalid',
    reason: `API version ${quote(version)} in Accept is malformed (expected api-v<major>.<minor>.<patch>); ${supportedRangeText()}.`,
  };
}

function offerForVersion(version: string): Offer {
  if (!parseVersion(version)) return malformed(version);
  if (!isSupportedVersion(version)) {
    return {
      kind: 'invalid',
      reason: `API version ${quote(version)} in Accept is not supported; ${supportedRangeText()}.`,
    };
  }
  return { kind: 'version', version };
}

/** What the server can serve for one media range. */
function offerFor(mediaType: string, vendor: string): Offer {
  if (LATEST_ALIASES.has(mediaType)) return { kind: 'version', version: LATEST_VERSION };
  const prefix = `application/vnd.${vendor.toLowerCase()}.api`;
  if (!mediaType.startsWith(prefix) || !mediaType.endsWith(HAL_SUFFIX)) return { kind: 'unrelated' };
  const middle = mediaType.slice(prefix.length, mediaType.length - HAL_SUFFIX.length);
  if (middle === '') return { kind: 'version', version: LATEST_VERSION };
  // `-v1.2.3`, but also `-1.2.3` or `-v`: an attempt at a version, answered as malformed.
  if (!middle.startsWith('-')) return { kind: 'unrelated' };
  return middle.startsWith('-v') ? offerForVersion(middle.slice(2)) : malformed(middle.slice(1));
}

/** Versions the client ruled out with `q=0` on a vendor media type. */
function excludedVersions(entries: readonly AcceptEntry[], vendor: string): Set<string> {
  const excluded = new Set<string>();
  for (const entry of entries) {
    if (entry.q !== 0 || LATEST_ALIASES.has(entry.mediaType)) continue;
    const offer = offerFor(entry.mediaType, vendor);
    if (offer.kind === 'version') excluded.add(offer.version);
  }
  return excluded;
}

function byPreference(entries: readonly AcceptEntry[]): AcceptEntry[] {
  // Array.prototype.sort is stable: equal q keeps header order.
  return entries.filter((entry) => entry.q > 0).sort((a, b) => b.q - a.q);
}

function accepted(version: string, vendor: string): NegotiationResult {
  return { ok: true, value: { version, mediaType: versionedMediaType(vendor, version) } };
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
 * Negotiated answers by vendor and `Accept` header (issue #14 §2: parsing the header was a tenth of
 * the gateway's garbage per request, and a client sends the same header every time). A key (vendor
 * and header) longer than 256 characters is negotiated each time, so the memory stays small.
 */
const negotiated = new BoundedMemo<string, NegotiationResult>(1_000, { maxKeyLength: 256 });

export function negotiateVersion(accept: string | undefined, vendor: string): NegotiationResult {
  // No header and an empty one are answered alike (the latest version).
  return negotiated.get(`${vendor}\n${accept ?? ''}`, () => {
    const result = negotiateNow(accept, vendor);
    if (result.ok) Object.freeze(result.value);
    return Object.freeze(result);
  });
}

function negotiateNow(accept: string | undefined, vendor: string): NegotiationResult {
  // An absent header, or one without any entry, accepts anything.
  if (accept === undefined || /^[\s,]*$/.test(accept)) return accepted(LATEST_VERSION, vendor);
  const entries = parseAccept(accept);
  const excluded = excludedVersions(entries, vendor);
  let firstInvalid: string | undefined;
  for (const entry of byPreference(entries)) {
    const offer = offerFor(entry.mediaType, vendor);
    if (offer.kind === 'version' && !excluded.has(offer.version)) return accepted(offer.version, vendor);
    if (offer.kind === 'invalid') firstInvalid ??= offer.reason;
  }
  return firstInvalid !== undefined ? { ok: false, reason: firstInvalid } : nothingAcceptable(accept, vendor);
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
  // Files and folders (issue #16): an upload answers HAL.
  if (route.format !== 'hal' && route.format !== 'upload')
    return { version: LATEST_VERSION, mediaType: 'application/json' };
  const result = negotiateVersion(request.headers.accept, vendor);
  if (!result.ok) throw new DomainError('NOT_ACCEPTABLE', result.reason);
  assertRouteInVersion(route, result.value.version);
  return result.value;
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

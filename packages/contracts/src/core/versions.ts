/**
 * API versions (spec: Versioning; ARCHITECTURE §5). A version is `major.minor.patch`, compared
 * numerically part by part. Every version inside a supported range is supported, whether or not
 * anything changed in it: clients pin the version they were built against, not a release list.
 */
import { BoundedMemo } from './memo.js';
import type { VersionRange } from './route-definition.js';

export type VersionTuple = readonly [major: number, minor: number, patch: number];

export interface SupportedVersionRange {
  /** Inclusive. */
  readonly from: string;
  /** Inclusive. */
  readonly to: string;
}

export const LATEST_VERSION = '2026.1.13';
export const OLDEST_VERSION = '1.0.2';

/** The version history of the spec: v1.0.2…v1.6.8, then the calendar scheme v2023.0.1…v2026.1.13. */
export const supportedVersionRanges: readonly SupportedVersionRange[] = [
  { from: OLDEST_VERSION, to: '1.6.8' },
  { from: '2023.0.1', to: LATEST_VERSION },
];

/** No leading zeros (except a lone `0`), exactly three parts, digits only. */
const VERSION_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * Parsed versions: the request's, and the bounds of every route, gate and link relation. Longer
 * text is no version anyone uses, and is not remembered.
 */
const parsedVersions = new BoundedMemo<string, VersionTuple | null>(1_000, { maxKeyLength: 32 });

function parseVersionNow(v: string): VersionTuple | null {
  const match = VERSION_PATTERN.exec(v);
  if (!match) return null;
  const parts = [Number(match[1]), Number(match[2]), Number(match[3])] as const;
  // Beyond 2^53 numbers stop comparing exactly; no real version gets there.
  return parts.every(Number.isSafeInteger) ? Object.freeze(parts) : null;
}

/** `[major, minor, patch]` (frozen, shared), or null when `v` is not a version. */
export function parseVersion(v: string): VersionTuple | null {
  return parsedVersions.get(v, parseVersionNow);
}

export class MalformedVersionError extends Error {
  constructor(readonly version: string) {
    super(`malformed API version "${version}" (expected major.minor.patch)`);
    this.name = 'MalformedVersionError';
  }
}

function parseOrThrow(v: string): VersionTuple {
  const parsed = parseVersion(v);
  if (!parsed) throw new MalformedVersionError(v);
  return parsed;
}

/** Negative when `a` is older than `b`, zero when equal, positive when newer. Throws on malformed input. */
export function compareVersions(a: string, b: string): number {
  const left = parseOrThrow(a);
  const right = parseOrThrow(b);
  for (let i = 0; i < 3; i++) {
    const diff = left[i]! - right[i]!;
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export function isSupportedVersion(v: string): boolean {
  if (!parseVersion(v)) return false;
  return supportedVersionRanges.some(
    (range) => compareVersions(v, range.from) >= 0 && compareVersions(v, range.to) <= 0,
  );
}

/** `since` inclusive, `until` exclusive; an absent range (or bound) is unbounded. Throws on a malformed `v`. */
export function inVersionRange(v: string, range: VersionRange | undefined): boolean {
  parseOrThrow(v);
  if (range?.since !== undefined && compareVersions(v, range.since) < 0) return false;
  if (range?.until !== undefined && compareVersions(v, range.until) >= 0) return false;
  return true;
}

/** For error messages and docs, e.g. "1.0.2–1.6.8, 2023.0.1–2026.1.13". */
export function describeSupportedVersions(): string {
  return supportedVersionRanges.map((range) => `${range.from}–${range.to}`).join(', ');
}

/** For docs, e.g. "all versions", "2026.1.9 and later", "before 1.0.18", "1.4.8 up to (not including) 2023.0.1". */
export function describeVersionRange(range: VersionRange | undefined): string {
  const since = range?.since;
  const until = range?.until;
  if (since !== undefined && until !== undefined) return `${since} up to (not including) ${until}`;
  if (since !== undefined) return `${since} and later`;
  if (until !== undefined) return `before ${until}`;
  return 'all versions';
}

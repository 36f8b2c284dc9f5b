import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  describeSupportedVersions,
  describeVersionRange,
  inVersionRange,
  isSupportedVersion,
  LATEST_VERSION,
  MalformedVersionError,
  OLDEST_VERSION,
  parseVersion,
  supportedVersionRanges,
} from './versions.js';

describe('parseVersion', () => {
  it.each([
    ['1.0.2', [1, 0, 2]],
    ['0.0.0', [0, 0, 0]],
    ['2026.1.13', [2026, 1, 13]],
    ['10.20.30', [10, 20, 30]],
  ])('parses %s', (input, expected) => {
    expect(parseVersion(input)).toEqual(expected);
  });

  it.each([
    '',
    '1',
    '1.2',
    '1.2.3.4',
    '1.x.3',
    'v1.2.3',
    '01.2.3',
    '1.02.3',
    '1.2.03',
    ' 1.2.3',
    '1.2.3 ',
    '1.-2.3',
    '1..3',
    '1.2.3-beta',
    '+1.2.3',
    '1e3.0.0',
    '99999999999999999999.0.0',
  ])('rejects %j', (input) => {
    expect(parseVersion(input)).toBeNull();
  });

  it('answers a version it has seen with the same frozen tuple', () => {
    const first = parseVersion('2025.3.0');
    expect(parseVersion('2025.3.0')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('reads long text each time, with the same rules', () => {
    const long = `${'1'.repeat(15)}.${'2'.repeat(15)}.3`;
    expect(long.length).toBeGreaterThan(32);
    expect(parseVersion(long)).toEqual([111111111111111, 222222222222222, 3]);
    expect(parseVersion(long)).not.toBe(parseVersion(long));
    expect(parseVersion(`${'9'.repeat(40)}.0.0`)).toBeNull();
  });
});

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('1.0.10', '1.0.9')).toBe(1);
    expect(compareVersions('1.0.9', '1.0.10')).toBe(-1);
    expect(compareVersions('1.10.0', '1.9.99')).toBe(1);
    expect(compareVersions('2023.0.1', '1.6.8')).toBe(1);
    expect(compareVersions('2026.1.13', '2026.1.13')).toBe(0);
  });

  it('throws a MalformedVersionError naming the bad value', () => {
    expect(() => compareVersions('1.2', '1.2.3')).toThrow(MalformedVersionError);
    expect(() => compareVersions('1.2.3', 'v1.2.3')).toThrow(/v1\.2\.3/);
  });
});

describe('isSupportedVersion', () => {
  it.each(['1.0.2', '1.0.18', '1.4.8', '1.6.8', '1.5.99', '2023.0.1', '2024.3.0', '2025.7.42', '2026.1.13'])(
    'supports %s',
    (v) => {
      expect(isSupportedVersion(v)).toBe(true);
    },
  );

  it.each([
    '1.0.1',
    '1.0.0',
    '1.6.9',
    '1.8.2',
    '2.0.0',
    '2022.5.0',
    '2023.0.0',
    '2026.1.14',
    '2026.2.0',
    '2027.0.0',
    '1.2',
    'x',
  ])('does not support %s', (v) => {
    expect(isSupportedVersion(v)).toBe(false);
  });

  it('has the latest and oldest versions at the ends of its ranges', () => {
    expect(supportedVersionRanges[0]?.from).toBe(OLDEST_VERSION);
    expect(supportedVersionRanges.at(-1)?.to).toBe(LATEST_VERSION);
    expect(LATEST_VERSION).toBe('2026.1.13');
  });

  it('has well-formed, ordered, non-overlapping ranges', () => {
    supportedVersionRanges.forEach((range, i) => {
      expect(compareVersions(range.from, range.to)).toBeLessThanOrEqual(0);
      const next = supportedVersionRanges[i + 1];
      if (next) expect(compareVersions(range.to, next.from)).toBe(-1);
    });
  });
});

describe('inVersionRange', () => {
  it('treats an absent range as every version', () => {
    expect(inVersionRange('1.0.2', undefined)).toBe(true);
    expect(inVersionRange('2026.1.13', {})).toBe(true);
  });

  it('includes since and excludes until', () => {
    const range = { since: '1.4.8', until: '2023.0.1' };
    expect(inVersionRange('1.4.7', range)).toBe(false);
    expect(inVersionRange('1.4.8', range)).toBe(true);
    expect(inVersionRange('1.6.8', range)).toBe(true);
    expect(inVersionRange('2023.0.1', range)).toBe(false);
  });

  it('throws on a malformed version', () => {
    expect(() => inVersionRange('1.2', undefined)).toThrow(MalformedVersionError);
  });
});

describe('descriptions', () => {
  it('describes the supported versions', () => {
    expect(describeSupportedVersions()).toBe('1.0.2–1.6.8, 2023.0.1–2026.1.13');
  });

  it('describes a range', () => {
    expect(describeVersionRange(undefined)).toBe('all versions');
    expect(describeVersionRange({ since: '2026.1.9' })).toBe('2026.1.9 and later');
    expect(describeVersionRange({ until: '1.0.18' })).toBe('before 1.0.18');
    expect(describeVersionRange({ since: '1.0.2', until: '1.0.18' })).toBe(
      '1.0.2 up to (not including) 1.0.18',
    );
  });
});

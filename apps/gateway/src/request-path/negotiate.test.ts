import { describe, expect, it } from 'vitest';
import { negotiateVersion, parseAccept, versionedMediaType, type NegotiationResult } from './negotiate.js';

const LATEST = '2026.1.13';
const RANGE = '1.0.2–1.6.8, 2023.0.1–2026.1.13';

function versionOf(result: NegotiationResult): string {
  if (!result.ok) throw new Error(`not ok: ${result.reason}`);
  return result.value.version;
}

function reasonOf(result: NegotiationResult): string {
  if (result.ok) throw new Error(`ok: ${result.value.version}`);
  return result.reason;
}

const vnd = (version?: string) =>
  `application/vnd.ncs.api${version === undefined ? '' : `-v${version}`}+json+hal`;

describe('negotiateVersion: the latest version', () => {
  it.each([undefined, '', '   ', ',', ' , '])(
    'for an absent or empty Accept (%j), in application/hal+json',
    (accept) => {
      expect(negotiateVersion(accept, 'ncs')).toEqual({
        ok: true,
        value: { version: LATEST, mediaType: 'application/hal+json' },
      });
    },
  );

  it.each(['*/*', 'application/*', 'application/json', 'application/hal+json', vnd()])('for %s', (accept) => {
    expect(versionOf(negotiateVersion(accept, 'ncs'))).toBe(LATEST);
  });

  it.each([
    ['application/json', 'application/json'],
    ['application/hal+json', 'application/hal+json'],
    ['*/*', 'application/hal+json'],
    ['application/*', 'application/hal+json'],
    ['Application/HAL+JSON; charset=utf-8', 'application/hal+json'],
    [vnd(), `application/vnd.acme.api-v${LATEST}+json+hal`],
  ])('answers %s in %s', (accept, mediaType) => {
    const result = negotiateVersion(accept.replace('.ncs.', '.acme.'), 'acme');
    expect(result.ok && result.value).toEqual({ version: LATEST, mediaType });
  });
});

describe('negotiateVersion: the version of a generic media type', () => {
  it('takes the version parameter of the entry', () => {
    expect(negotiateVersion('application/hal+json; version=2024.3.0', 'ncs')).toEqual({
      ok: true,
      value: { version: '2024.3.0', mediaType: 'application/hal+json' },
    });
    expect(negotiateVersion('application/json;version="1.4.8"', 'ncs')).toEqual({
      ok: true,
      value: { version: '1.4.8', mediaType: 'application/json' },
    });
    expect(versionOf(negotiateVersion(`${vnd()}; version=1.4.8`, 'ncs'))).toBe('1.4.8');
  });

  it('takes the Api-Version header where the entry names no version', () => {
    expect(negotiateVersion('application/json', 'ncs', '2024.3.0')).toEqual({
      ok: true,
      value: { version: '2024.3.0', mediaType: 'application/json' },
    });
    expect(negotiateVersion(undefined, 'ncs', '1.4.8')).toEqual({
      ok: true,
      value: { version: '1.4.8', mediaType: 'application/hal+json' },
    });
    expect(negotiateVersion(vnd(), 'ncs', '1.4.8')).toEqual({
      ok: true,
      value: { version: '1.4.8', mediaType: vnd('1.4.8') },
    });
    expect(versionOf(negotiateVersion('application/hal+json;version=1.6.8', 'ncs', '1.4.8'))).toBe('1.6.8');
  });

  it('keeps the version a vendor media type names, whatever Api-Version says', () => {
    expect(versionOf(negotiateVersion(vnd('1.6.8'), 'ncs', '2024.3.0'))).toBe('1.6.8');
  });

  it.each(['1.8.2', '2026.1.14', '1.x', 'v1.4.8'])(
    'refuses an Api-Version of %j, naming it and the range',
    (bad) => {
      const reason = reasonOf(negotiateVersion('application/json', 'ncs', bad));
      expect(reason).toContain(`"${bad}" in Api-Version`);
      expect(reason).toContain(RANGE);
      // Whatever the Accept header.
      expect(negotiateVersion(vnd('1.6.8'), 'ncs', bad).ok).toBe(false);
    },
  );

  it.each(['1.8.2', '1.x'])(
    'refuses a version parameter of %j unless something else is acceptable',
    (bad) => {
      expect(reasonOf(negotiateVersion(`application/hal+json; version=${bad}`, 'ncs'))).toContain(
        `"${bad}" in Accept`,
      );
      expect(negotiateVersion(`application/hal+json; version=${bad}, application/json;q=0.5`, 'ncs')).toEqual(
        { ok: true, value: { version: LATEST, mediaType: 'application/json' } },
      );
    },
  );

  it('treats an empty Api-Version as none', () => {
    expect(versionOf(negotiateVersion('application/json', 'ncs', ' '))).toBe(LATEST);
  });
});

describe('negotiateVersion: a versioned vendor media type', () => {
  it.each(['1.0.2', '1.0.17', '1.4.8', '1.6.8', '2023.0.1', '2025.3.0', '2026.1.13'])(
    'serves supported %s',
    (version) => {
      expect(negotiateVersion(vnd(version), 'ncs')).toEqual({
        ok: true,
        value: { version, mediaType: `application/vnd.ncs.api-v${version}+json+hal` },
      });
    },
  );

  it.each(['1.8.2', '1.0.1', '2026.1.14', '2022.5.0', '0.0.0'])(
    'refuses unknown %s, naming it and the supported range',
    (version) => {
      const reason = reasonOf(negotiateVersion(vnd(version), 'ncs'));
      expect(reason).toContain(`"${version}"`);
      expect(reason).toContain('not supported');
      expect(reason).toContain(RANGE);
    },
  );

  it.each(['1.x', '1.2', '01.2.3', '1.2.3.4', '', '1.2.3-beta', 'v1.2.3'])(
    'refuses malformed %j',
    (version) => {
      const reason = reasonOf(negotiateVersion(`application/vnd.ncs.api-v${version}+json+hal`, 'ncs'));
      expect(reason).toContain('malformed');
      expect(reason).toContain(RANGE);
    },
  );

  it('refuses a version without the v as malformed', () => {
    expect(reasonOf(negotiateVersion('application/vnd.ncs.api-1.2.3+json+hal', 'ncs'))).toContain('"1.2.3"');
  });

  it('refuses a version with white space (not a media type)', () => {
    expect(negotiateVersion('application/vnd.ncs.api-v 1.2.3+json+hal', 'ncs').ok).toBe(false);
  });

  it('is case-insensitive and ignores parameters other than q', () => {
    expect(versionOf(negotiateVersion('Application/VND.NCS.API-V1.4.8+JSON+HAL', 'ncs'))).toBe('1.4.8');
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')}; charset=utf-8`, 'ncs'))).toBe('1.4.8');
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')};profile="a,b;c"`, 'ncs'))).toBe('1.4.8');
    expect(versionOf(negotiateVersion('application/vnd.ncs.api-v1.4.8+json+hal', 'NCS'))).toBe('1.4.8');
  });

  it('cuts a very long bad value in the reason', () => {
    const reason = reasonOf(negotiateVersion(vnd('9'.repeat(500)), 'ncs'));
    expect(reason.length).toBeLessThan(400);
  });
});

describe('negotiateVersion: unrelated media types', () => {
  it.each([
    'text/html',
    'text/html, application/xml;q=0.9',
    'application/vnd.other.api-v1.4.8+json+hal',
    'application/vnd.ncs.api-v1.4.8+json',
    'application/vnd.ncs.apiv1.4.8+json+hal',
    'garbage',
    'application/json;q=0',
    '*/*;q=0',
  ])('refuses %j, naming the header and what is supported', (accept) => {
    const reason = reasonOf(negotiateVersion(accept, 'ncs'));
    expect(reason).toContain('lists no media type');
    expect(reason).toContain(RANGE);
    expect(reason).toContain('application/vnd.ncs.api-v<version>+json+hal');
  });
});

describe('negotiateVersion: lists and q-values', () => {
  it('takes the highest q', () => {
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')};q=0.5, ${vnd('2024.3.0')};q=0.9`, 'ncs'))).toBe(
      '2024.3.0',
    );
    expect(versionOf(negotiateVersion(`application/json;q=0.1, ${vnd('1.4.8')}`, 'ncs'))).toBe('1.4.8');
  });

  it('takes the first listed among equal q', () => {
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')}, ${vnd('2024.3.0')}`, 'ncs'))).toBe('1.4.8');
    expect(versionOf(negotiateVersion(`${vnd('2024.3.0')};q=0.5, ${vnd('1.4.8')};q=0.5`, 'ncs'))).toBe(
      '2024.3.0',
    );
  });

  it('skips unrelated types for an acceptable one', () => {
    expect(versionOf(negotiateVersion(`text/html, ${vnd('1.4.8')};q=0.2`, 'ncs'))).toBe('1.4.8');
    expect(
      versionOf(negotiateVersion('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'ncs')),
    ).toBe(LATEST);
  });

  it('falls back past a bad vendor version to another acceptable entry', () => {
    expect(versionOf(negotiateVersion(`${vnd('1.8.2')}, application/json;q=0.5`, 'ncs'))).toBe(LATEST);
    expect(versionOf(negotiateVersion(`${vnd('1.x')}, ${vnd('1.4.8')};q=0.1`, 'ncs'))).toBe('1.4.8');
  });

  it('fails with the reason of the preferred bad vendor entry when nothing else is acceptable', () => {
    const reason = reasonOf(negotiateVersion(`text/html, ${vnd('1.8.2')};q=0.4, ${vnd('1.x')};q=0.9`, 'ncs'));
    expect(reason).toContain('"1.x"');
  });

  it('treats q=0 as not acceptable', () => {
    expect(reasonOf(negotiateVersion(`${vnd('1.4.8')};q=0`, 'ncs'))).toContain('lists no media type');
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')};q=0, ${vnd('2024.3.0')};q=0.1`, 'ncs'))).toBe(
      '2024.3.0',
    );
  });

  it('serves */* in a media type the client did not exclude', () => {
    // q=0 rules out a media type: */* is then answered in another one.
    const json = { ok: true, value: { version: LATEST, mediaType: 'application/json' } };
    const hal = { ok: true, value: { version: LATEST, mediaType: 'application/hal+json' } };
    expect(negotiateVersion('*/*, application/hal+json;q=0', 'ncs')).toEqual(json);
    expect(negotiateVersion(`*/*, ${vnd(LATEST)};q=0`, 'ncs')).toEqual(hal);
    expect(negotiateVersion(`*/*, ${vnd()};q=0`, 'ncs')).toEqual(hal);
    expect(negotiateVersion('*/*, application/hal+json;q=0, application/json;q=0', 'ncs').ok).toBe(false);
    expect(
      versionOf(
        negotiateVersion(
          `*/*;q=0.1, application/hal+json;q=0, application/json;q=0, ${vnd('1.4.8')};q=0.05`,
          'ncs',
        ),
      ),
    ).toBe('1.4.8');
  });

  it('does not serve a vendor version the client excluded', () => {
    expect(negotiateVersion(`${vnd()}, ${vnd(LATEST)};q=0`, 'ncs').ok).toBe(false);
  });

  it('ignores entries with an unreadable q', () => {
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')};q=abc, ${vnd('1.6.8')};q=0.3`, 'ncs'))).toBe('1.6.8');
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')};q=2, ${vnd('1.6.8')};q=0.3`, 'ncs'))).toBe('1.6.8');
    expect(versionOf(negotiateVersion(`${vnd('1.4.8')};q=, ${vnd('1.6.8')};q=0.3`, 'ncs'))).toBe('1.6.8');
  });
});

describe('parseAccept', () => {
  it('reads media types, lower-cased, with their q in header order', () => {
    expect(parseAccept('Text/HTML;level=1, application/json ; Q=0.5 ,*/*;q=.1')).toEqual([
      { mediaType: 'text/html', q: 1 },
      { mediaType: 'application/json', q: 0.5 },
      { mediaType: '*/*', q: 0.1 },
    ]);
  });

  it('reads the version parameter, unquoted', () => {
    expect(parseAccept('application/hal+json; Version="2024.3.0";q=0.5')).toEqual([
      { mediaType: 'application/hal+json', q: 0.5, version: '2024.3.0' },
    ]);
  });

  it('drops entries that are not type/subtype', () => {
    expect(parseAccept('json, /x, a/, a/b/c, , a b/c')).toEqual([]);
  });
});

describe('versionedMediaType', () => {
  it('builds the vendor media type', () => {
    expect(versionedMediaType('ncs', '1.4.8')).toBe('application/vnd.ncs.api-v1.4.8+json+hal');
  });
});

describe('negotiateVersion: remembered answers', () => {
  it('answers a header it has seen with the same frozen answer, for the vendor asked', () => {
    const first = negotiateVersion(vnd('1.4.8'), 'ncs');
    expect(negotiateVersion(vnd('1.4.8'), 'ncs')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.ok && Object.isFrozen(first.value)).toBe(true);
    // Another vendor is another answer, not the remembered one.
    expect(negotiateVersion(vnd('1.4.8'), 'acme')).toEqual({ ok: false, reason: expect.any(String) });
    expect(versionOf(negotiateVersion('application/vnd.acme.api-v1.4.8+json+hal', 'acme'))).toBe('1.4.8');
  });

  it('remembers answers per Api-Version', () => {
    expect(versionOf(negotiateVersion('application/json', 'ncs', '1.4.8'))).toBe('1.4.8');
    expect(versionOf(negotiateVersion('application/json', 'ncs'))).toBe(LATEST);
  });

  it('answers no header and an empty one alike', () => {
    expect(versionOf(negotiateVersion(undefined, 'ncs'))).toBe(LATEST);
    expect(versionOf(negotiateVersion('', 'ncs'))).toBe(LATEST);
  });

  it('negotiates a long header each time, with the same rules', () => {
    const padding = Array.from({ length: 40 }, (_, i) => `text/x-${i}`).join(', ');
    const header = `${padding}, ${vnd('1.6.8')}`;
    expect(header.length).toBeGreaterThan(256);
    const first = negotiateVersion(header, 'ncs');
    expect(versionOf(first)).toBe('1.6.8');
    expect(negotiateVersion(header, 'ncs')).not.toBe(first);
    expect(negotiateVersion(header, 'ncs')).toEqual(first);
  });

  it('keeps answering right under a flood of distinct headers', () => {
    for (let i = 0; i < 3_000; i++) {
      expect(versionOf(negotiateVersion(`${vnd(`1.0.${(i % 7) + 2}`)}, text/x-${i}`, 'ncs'))).toBe(
        `1.0.${(i % 7) + 2}`,
      );
    }
    expect(reasonOf(negotiateVersion(vnd('1.8.2'), 'ncs'))).toContain(RANGE);
  });
});

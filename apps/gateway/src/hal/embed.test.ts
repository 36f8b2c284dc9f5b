import type { PlainResource } from '@ncs/contracts';
import { describe, expect, it } from 'vitest';
import {
  attachEmbedded,
  embeddedValueFor,
  embedLimits,
  embedRefs,
  InvalidEmbedError,
  parseEmbed,
  type FetchedResources,
} from './embed.js';
import { newUser } from '../test/hal-resources.js';

describe('parseEmbed', () => {
  it('builds a tree of relation paths', () => {
    expect(parseEmbed('a,b.c')).toEqual({ a: {}, b: { c: {} } });
    expect(parseEmbed('journeys.recipients, journeys.author,users')).toEqual({
      journeys: { recipients: {}, author: {} },
      users: {},
    });
  });

  it('trims and ignores empty entries', () => {
    expect(parseEmbed(undefined)).toEqual({});
    expect(parseEmbed('')).toEqual({});
    expect(parseEmbed(' a , ,b ,, ')).toEqual({ a: {}, b: {} });
    expect(parseEmbed('a,a')).toEqual({ a: {} });
  });

  it('handles names of Object.prototype members as plain names', () => {
    expect(parseEmbed('constructor.toString')).toEqual({ constructor: { toString: {} } });
  });

  it.each(['a..b', 'a.', '.a', 'a-b', '1a', '__proto__', 'a b', 'a/b', 'a[0]'])('rejects %j', (embed) => {
    expect(() => parseEmbed(embed)).toThrow(InvalidEmbedError);
  });

  it('rejects too deep or too many paths, with a detail for the problem', () => {
    expect(() => parseEmbed('a.b.c.d')).toThrow(/deeper/);
    const many = Array.from({ length: embedLimits.maxPaths + 1 }, (_, i) => `r${i}`).join(',');
    expect(() => parseEmbed(many)).toThrow(InvalidEmbedError);
    const error = (() => {
      try {
        parseEmbed('bad-name');
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidEmbedError);
    expect((error as InvalidEmbedError).detail.pointer).toBe('/query/embed');
    expect((error as InvalidEmbedError).detail.message).toContain('bad-name');
  });
});

describe('embedRefs', () => {
  const A = 'a'.repeat(24);
  const B = 'b'.repeat(24);
  const C = 'c'.repeat(24);

  it('collects single refs and arrays of refs of the named relations, by type, without duplicates', () => {
    const resources: PlainResource[] = [
      {
        type: 'message',
        author: { type: 'user', EID: A },
        recipients: [
          { type: 'user', EID: B },
          { type: 'group', EID: C },
        ],
      },
      { type: 'message', author: { type: 'user', EID: A }, recipients: [] },
      {
        type: 'message',
        author: null,
        recipients: [{ type: 'user' }, 'x'],
        parentFolder: { type: 'folder', EID: C },
      },
    ];
    const refs = embedRefs(resources, ['author', 'recipients', 'missing']);
    expect(refs).toEqual(
      new Map([
        ['user', new Set([A, B])],
        ['group', new Set([C])],
      ]),
    );
  });

  it('ignores inherited properties and empty EIDs', () => {
    expect(embedRefs([{ type: 'x', ref: { type: 'user', EID: '' } }], ['constructor', 'ref'])).toEqual(
      new Map(),
    );
  });
});

describe('embeddedValueFor', () => {
  const A = 'a'.repeat(24);
  const B = 'b'.repeat(24);
  const fetched: FetchedResources = new Map([['user', new Map([[A, newUser(A)]])]]);

  it('resolves a single ref and arrays (keeping order, dropping unknowns)', () => {
    const message: PlainResource = {
      type: 'message',
      author: { type: 'user', EID: A },
      recipients: [
        { type: 'user', EID: B },
        { type: 'user', EID: A },
      ],
      ghost: { type: 'user', EID: B },
    };
    expect(embeddedValueFor(message, 'author', fetched)).toEqual(newUser(A));
    expect(embeddedValueFor(message, 'recipients', fetched)).toEqual([newUser(A)]);
    expect(embeddedValueFor(message, 'ghost', fetched)).toBeUndefined();
    expect(embeddedValueFor(message, 'nothing', fetched)).toBeUndefined();
  });
});

describe('attachEmbedded', () => {
  it('returns a copy with the relation added, others kept', () => {
    const resource = Object.freeze({ type: 'aggregate', _embedded: Object.freeze({ a: 1 }) });
    expect(attachEmbedded(resource, 'network', { type: 'network' })).toEqual({
      type: 'aggregate',
      _embedded: { a: 1, network: { type: 'network' } },
    });
    expect(attachEmbedded({ type: 'x' }, 'r', [])).toEqual({ type: 'x', _embedded: { r: [] } });
    expect(resource._embedded).toEqual({ a: 1 });
  });
});

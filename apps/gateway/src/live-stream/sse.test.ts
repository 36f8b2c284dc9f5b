import { describe, expect, it } from 'vitest';
import { resumePointOf, sseComment, sseEvent } from './sse.js';

describe('sseEvent', () => {
  it('writes id, event and one line of JSON data, ended by a blank line', () => {
    expect(sseEvent('alert', { a: 'x\ny' }, '42')).toBe(`id: 42\nevent: alert\ndata: {"a":"x\\ny"}\n\n`);
    expect(sseEvent('counters', { n: 1 })).toBe('event: counters\ndata: {"n":1}\n\n');
  });

  it('writes comments on one line', () => {
    expect(sseComment('heart\nbeat')).toBe(': heart beat\n\n');
  });
});

describe('resumePointOf', () => {
  it('takes the header first, then the query', () => {
    expect(resumePointOf('42', undefined)).toEqual({ kind: 'seq', seq: 42 });
    expect(resumePointOf(' 42 ', undefined)).toEqual({ kind: 'seq', seq: 42 });
    expect(resumePointOf(undefined, '7')).toEqual({ kind: 'seq', seq: 7 });
    expect(resumePointOf('43', '7')).toEqual({ kind: 'seq', seq: 43 });
    expect(resumePointOf('', '7')).toEqual({ kind: 'seq', seq: 7 });
  });

  it('cannot place an id of another form (the former alert ids): the client is told to refetch', () => {
    expect(resumePointOf('65a1b2c3d4e5f60718293a4b', undefined)).toEqual({ kind: 'unknown' });
    expect(resumePointOf('not-an-id', '7')).toEqual({ kind: 'unknown' });
    expect(resumePointOf('-1', undefined)).toEqual({ kind: 'unknown' });
  });

  it('has no resume point without one', () => {
    expect(resumePointOf(['42'], undefined)).toBeNull();
    expect(resumePointOf(undefined, undefined)).toBeNull();
    expect(resumePointOf('', undefined)).toBeNull();
  });
});

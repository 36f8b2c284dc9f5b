import { describe, expect, it } from 'vitest';
import { isAfter, resumePointOf, sseComment, sseEvent } from './sse.js';

const ID = '65a1b2c3d4e5f60718293a4b';

describe('sseEvent', () => {
  it('writes id, event and one line of JSON data, ended by a blank line', () => {
    expect(sseEvent('alert', { a: 'x\ny' }, ID)).toBe(`id: ${ID}\nevent: alert\ndata: {"a":"x\\ny"}\n\n`);
    expect(sseEvent('counters', { n: 1 })).toBe('event: counters\ndata: {"n":1}\n\n');
  });

  it('writes comments on one line', () => {
    expect(sseComment('heart\nbeat')).toBe(': heart beat\n\n');
  });
});

describe('resumePointOf', () => {
  it('takes the header first, then the query, only when it is an event id', () => {
    expect(resumePointOf(ID, undefined)).toBe(ID);
    expect(resumePointOf(` ${ID.toUpperCase()} `, undefined)).toBe(ID);
    expect(resumePointOf(undefined, ID)).toBe(ID);
    expect(resumePointOf('65a1b2c3d4e5f60718293a4c', ID)).toBe('65a1b2c3d4e5f60718293a4c');
    expect(resumePointOf('not-an-id', ID)).toBeNull();
    expect(resumePointOf('', ID)).toBe(ID);
    expect(resumePointOf([ID], undefined)).toBeNull();
    expect(resumePointOf(undefined, undefined)).toBeNull();
  });
});

describe('isAfter', () => {
  it('orders ObjectId hex ids', () => {
    expect(isAfter('65a1b2c3d4e5f60718293a4c', ID)).toBe(true);
    expect(isAfter(ID, ID)).toBe(false);
    expect(isAfter(ID, null)).toBe(true);
  });
});

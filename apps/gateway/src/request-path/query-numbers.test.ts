import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { numericQueryParams, queryNumberErrors } from './query-numbers.js';

const schema = Type.Object({
  limit: Type.Optional(Type.Integer()),
  offset: Type.Optional(Type.Integer()),
  q: Type.Optional(Type.String()),
  ratio: Type.Optional(Type.Number()),
});

describe('numericQueryParams', () => {
  it('names the integer parameters of a query schema', () => {
    expect(numericQueryParams(schema)).toEqual(['limit', 'offset']);
    expect(numericQueryParams(undefined)).toEqual([]);
  });
});

describe('queryNumberErrors', () => {
  const names = ['limit', 'offset'];

  it.each(['1e400', '1e2', '0x10', ' 5', '5 ', '1.5', '1.0', '+3', '01', '99999999999999999999', ''])(
    'refuses %j, naming the parameter',
    (value) => {
      const errors = queryNumberErrors(names, { offset: value });
      expect(errors.map((e) => e.instancePath)).toEqual(['/offset']);
    },
  );

  it.each(['0', '7', '-1', '9007199254740991'])('leaves %j to the schema (range)', (value) => {
    expect(queryNumberErrors(names, { limit: value })).toEqual([]);
  });

  it('ignores absent parameters, non-strings and other parameters', () => {
    expect(queryNumberErrors(names, { q: '1e400', limit: ['1', '2'] })).toEqual([]);
  });
});

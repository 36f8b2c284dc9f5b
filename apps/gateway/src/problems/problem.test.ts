import { DomainError, errorCatalogue, isErrorName, type WireError } from '@ncs/contracts';
import { describe, expect, it } from 'vitest';
import {
  problemFromAjvErrors,
  problemFromName,
  problemFromWireError,
  problemTypeFor,
  statusText,
  withAbsoluteType,
  type AjvErrorObject,
} from './problem.js';

const REQ = 'req-1';

describe('problemTypeFor', () => {
  it('names catalogue errors by a kebab-case URI and anything else about:blank', () => {
    expect(problemTypeFor('INVALID_DATE_RANGE')).toBe('/docs/problems/invalid-date-range');
    expect(problemTypeFor('AUTH_ERR_NETWORK_NOT_FOUND')).toBe('/docs/problems/auth-err-network-not-found');
    expect(problemTypeFor('SOMETHING_ELSE')).toBe('about:blank');
    expect(problemTypeFor('constructor')).toBe('about:blank');
  });
});

describe('withAbsoluteType', () => {
  it("resolves a page path against the API's base URL and leaves about:blank alone", () => {
    const problem = problemFromName('NOT_FOUND', REQ);
    expect(withAbsoluteType(problem, 'https://api.example/v').type).toBe(
      'https://api.example/v/docs/problems/not-found',
    );
    expect(withAbsoluteType(problem, 'http://127.0.0.1:8080/').type).toBe(
      'http://127.0.0.1:8080/docs/problems/not-found',
    );
    const blank = { ...problem, type: 'about:blank' };
    expect(withAbsoluteType(blank, 'https://api.example').type).toBe('about:blank');
  });
});

describe('statusText', () => {
  it('is the standard HTTP status text', () => {
    expect(statusText(400)).toBe('Bad Request');
    expect(statusText(404)).toBe('Not Found');
    expect(statusText(406)).toBe('Not Acceptable');
    expect(statusText(504)).toBe('Gateway Timeout');
  });

  it('matches the title of every catalogue entry', () => {
    for (const definition of Object.values(errorCatalogue))
      expect(statusText(definition.status)).toBe(definition.title);
  });
});

describe('problemFromWireError', () => {
  it('maps a client error with its message, code and details', () => {
    const wire: WireError = {
      status: 400,
      code: -38,
      name: 'INVALID_DATE_RANGE',
      message: 'due_date_from is after due_date_to.',
      details: [{ pointer: '/query/due_date_from', message: 'is after due_date_to' }],
    };
    expect(problemFromWireError(wire, REQ, '/networks/x/tasks/')).toEqual({
      type: '/docs/problems/invalid-date-range',
      title: 'Bad Request',
      status: 400,
      detail: 'due_date_from is after due_date_to.',
      instance: '/networks/x/tasks/',
      code: -38,
      requestId: REQ,
      errors: [{ pointer: '/query/due_date_from', message: 'is after due_date_to' }],
    });
  });

  it('maps a DomainError as services send it', () => {
    const problem = problemFromWireError(new DomainError('AUTH_ERR_NETWORK_NOT_FOUND').toWire(), REQ);
    expect(problem).toEqual({
      type: '/docs/problems/auth-err-network-not-found',
      title: 'Not Found',
      status: 404,
      detail: 'The network does not exist.',
      code: -101,
      requestId: REQ,
    });
  });

  it('hides the message and details of a server error', () => {
    const wire: WireError = {
      status: 500,
      code: -13,
      name: 'INTERNAL',
      message: 'MongoServerError: connection to 10.0.0.3:27017 refused',
      details: [{ pointer: '/secret', message: 'stack' }],
    };
    const problem = problemFromWireError(wire, REQ);
    expect(problem).toEqual({
      type: '/docs/problems/internal',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Internal error.',
      code: -13,
      requestId: REQ,
    });
    expect(JSON.stringify(problem)).not.toContain('10.0.0.3');
  });

  it('hides the message of every 5xx, with the standard title', () => {
    const problem = problemFromWireError(
      { status: 503, code: -14, name: 'SERVICE_UNAVAILABLE', message: 'nats://internal:4222 down' },
      REQ,
    );
    expect(problem).toMatchObject({
      title: 'Service Unavailable',
      status: 503,
      detail: 'Internal error.',
      code: -14,
    });
  });

  it('answers an unknown error name with about:blank and the standard title', () => {
    const problem = problemFromWireError(
      { status: 409, code: -999, name: 'KB_SOMETHING_NEW', message: 'Taken.' },
      REQ,
    );
    expect(problem).toMatchObject({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Taken.',
      code: -999,
    });
  });

  it.each([200, 302, 0, 600, 404.5, Number.NaN])('turns the invalid status %s into a 500', (status) => {
    const problem = problemFromWireError({ status, code: -5, name: 'NOT_FOUND', message: 'leak?' }, REQ);
    expect(problem).toMatchObject({
      status: 500,
      title: 'Internal Server Error',
      detail: 'Internal error.',
      code: -13,
    });
  });

  it('leaves out an empty errors list', () => {
    expect(
      problemFromWireError({ status: 400, code: -1, name: 'BAD_REQUEST', message: 'x', details: [] }, REQ),
    ).not.toHaveProperty('errors');
  });
});

describe('problemFromName', () => {
  it('uses the catalogue message unless a detail is given', () => {
    expect(problemFromName('FORBIDDEN', REQ)).toEqual({
      type: '/docs/problems/forbidden',
      title: 'Forbidden',
      status: 403,
      detail: 'You do not have permission to do this.',
      code: -4,
      requestId: REQ,
    });
    expect(problemFromName('NOT_ACCEPTABLE', REQ, 'API version "1.8.2" is not supported.').detail).toBe(
      'API version "1.8.2" is not supported.',
    );
  });

  it('carries errors, instance and extension members, which never replace standard members', () => {
    const problem = problemFromName('VALIDATION_FAILED', REQ, 'Bad.', {
      errors: [{ pointer: '/body/title', message: 'is required' }],
      instance: '/x/',
      supported: ['1.0.2'],
      status: 200,
      code: 0,
    });
    expect(problem).toEqual({
      type: '/docs/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'Bad.',
      instance: '/x/',
      code: -2,
      requestId: REQ,
      errors: [{ pointer: '/body/title', message: 'is required' }],
      supported: ['1.0.2'],
    });
  });

  it('ignores a custom detail on a 5xx', () => {
    expect(problemFromName('INTERNAL', REQ, 'TypeError: x is undefined').detail).toBe('Internal error.');
    expect(problemFromName('SERVICE_TIMEOUT', REQ, 'rpc.kb.category.get timed out').detail).toBe(
      'Internal error.',
    );
  });

  it('has a standard title for every catalogue entry', () => {
    for (const name of Object.keys(errorCatalogue)) {
      if (!isErrorName(name)) throw new Error(name);
      const problem = problemFromName(name, REQ);
      expect(problem.title).toBe(errorCatalogue[name].title);
      expect(problem.type).toMatch(/^\/docs\/problems\/[a-z0-9-]+$/);
    }
  });
});

// ajv 8 errors, as `new Ajv({ allErrors: true })` reports them.
const bodyErrors: AjvErrorObject[] = [
  {
    instancePath: '',
    schemaPath: '#/required',
    keyword: 'required',
    params: { missingProperty: 'title' },
    message: "must have required property 'title'",
  },
  {
    instancePath: '',
    schemaPath: '#/required',
    keyword: 'required',
    params: { missingProperty: 'a/b' },
    message: "must have required property 'a/b'",
  },
  {
    instancePath: '',
    schemaPath: '#/additionalProperties',
    keyword: 'additionalProperties',
    params: { additionalProperty: 'extra' },
    message: 'must NOT have additional properties',
  },
  {
    instancePath: '/name',
    schemaPath: '#/properties/name/minLength',
    keyword: 'minLength',
    params: { limit: 1 },
    message: 'must NOT have fewer than 1 characters',
  },
  {
    instancePath: '/name',
    schemaPath: '#/properties/name/pattern',
    keyword: 'pattern',
    params: { pattern: '^x' },
    message: 'must match pattern "^x"',
  },
  {
    instancePath: '/kind',
    schemaPath: '#/properties/kind/enum',
    keyword: 'enum',
    params: { allowedValues: ['a', 'b'] },
    message: 'must be equal to one of the allowed values',
  },
  {
    instancePath: '/nested',
    schemaPath: '#/properties/nested/required',
    keyword: 'required',
    params: { missingProperty: 'x' },
    message: "must have required property 'x'",
  },
  {
    instancePath: '/lit',
    schemaPath: '#/properties/lit/const',
    keyword: 'const',
    params: { allowedValue: 'z' },
    message: 'must be equal to constant',
  },
  {
    instancePath: '/u',
    schemaPath: '#/properties/u/anyOf/0/type',
    keyword: 'type',
    params: { type: 'string' },
    message: 'must be string',
  },
  {
    instancePath: '/u',
    schemaPath: '#/properties/u/anyOf/1/type',
    keyword: 'type',
    params: { type: 'object' },
    message: 'must be object',
  },
  {
    instancePath: '/u',
    schemaPath: '#/properties/u/anyOf',
    keyword: 'anyOf',
    params: {},
    message: 'must match a schema in anyOf',
  },
  {
    instancePath: '/x~0y',
    schemaPath: '#/properties/x~0y/type',
    keyword: 'type',
    params: { type: 'string' },
    message: 'must be string',
  },
  {
    instancePath: '/when',
    schemaPath: '#/properties/when/format',
    keyword: 'format',
    params: { format: 'date-time' },
    message: 'must match format "date-time"',
  },
];

describe('problemFromAjvErrors', () => {
  it('carries the instance (the request path) when given', () => {
    expect(problemFromAjvErrors(bodyErrors, 'body', REQ, '/groups/')).toMatchObject({
      instance: '/groups/',
    });
  });

  it('is a VALIDATION_FAILED problem with one detail per failing field, pointing at it', () => {
    const problem = problemFromAjvErrors(bodyErrors, 'body', REQ);
    expect(problem).toMatchObject({
      type: '/docs/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      code: -2,
      requestId: REQ,
      detail: 'The request body does not match the schema.',
    });
    expect(problem.errors).toEqual([
      { pointer: '/body/title', message: 'is required' },
      { pointer: '/body/a~1b', message: 'is required' },
      { pointer: '/body/extra', message: 'is not allowed' },
      { pointer: '/body/name', message: 'must NOT have fewer than 1 characters; must match pattern "^x"' },
      { pointer: '/body/kind', message: 'must be one of "a", "b"' },
      { pointer: '/body/nested/x', message: 'is required' },
      { pointer: '/body/lit', message: 'must be "z"' },
      { pointer: '/body/u', message: 'does not match any of the allowed forms' },
      { pointer: '/body/x~0y', message: 'must be of type string' },
      { pointer: '/body/when', message: 'must be a valid date-time' },
    ]);
  });

  it('tells a body that names both of two exclusive forms from one that names neither', () => {
    const oneOf = (passingSchemas: number[] | null): AjvErrorObject => ({
      instancePath: '',
      schemaPath: '#/oneOf',
      keyword: 'oneOf',
      params: { passingSchemas },
      message: 'must match exactly one schema in oneOf',
    });
    expect(problemFromAjvErrors([oneOf([0, 1])], 'body', REQ).errors).toEqual([
      { pointer: '/body', message: 'matches more than one of the allowed forms: use one' },
    ]);
    expect(problemFromAjvErrors([oneOf(null)], 'body', REQ).errors).toEqual([
      { pointer: '/body', message: 'does not match any of the allowed forms' },
    ]);
  });

  it('points into the query and the path parameters', () => {
    const limit: AjvErrorObject = {
      instancePath: '/limit',
      schemaPath: '#/properties/limit/type',
      keyword: 'type',
      params: { type: 'integer' },
      message: 'must be integer',
    };
    expect(problemFromAjvErrors([limit], 'query', REQ)).toMatchObject({
      detail: 'The query parameters do not match the schema.',
      errors: [{ pointer: '/query/limit', message: 'must be of type integer' }],
    });
    const eid: AjvErrorObject = {
      instancePath: '/networkEID',
      schemaPath: '#/properties/networkEID/pattern',
      keyword: 'pattern',
      params: { pattern: '^[0-9a-f]{24}$' },
      message: 'must match pattern "^[0-9a-f]{24}$"',
    };
    expect(problemFromAjvErrors([eid], 'params', REQ).errors).toEqual([
      { pointer: '/params/networkEID', message: 'must match pattern "^[0-9a-f]{24}$"' },
    ]);
  });

  it('reads a union type and a keyword without message', () => {
    const errors: AjvErrorObject[] = [
      {
        instancePath: '/a',
        schemaPath: '#/properties/a/type',
        keyword: 'type',
        params: { type: ['string', 'null'] },
      },
      { instancePath: '/b', schemaPath: '#/properties/b/custom', keyword: 'custom', params: {} },
    ];
    expect(problemFromAjvErrors(errors, 'body', REQ).errors).toEqual([
      { pointer: '/body/a', message: 'must be of type string, null' },
      { pointer: '/body/b', message: 'is invalid' },
    ]);
  });

  it('has no errors member without errors', () => {
    expect(problemFromAjvErrors([], 'body', REQ)).not.toHaveProperty('errors');
  });
});

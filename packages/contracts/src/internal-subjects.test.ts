import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { Kind } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { serviceNames } from './core/envelope.js';
import { routes } from './routes.js';
import {
  internalSubjectCatalogue,
  internalSubjectDefinition,
  internalSubjects,
} from './internal-subjects.js';

const SUBJECT = new RegExp(`^rpc\\.(${serviceNames.join('|')})\\.[a-z][a-zA-Z0-9]*\\.[a-z][a-zA-Z0-9]*$`);
const entries = Object.entries(internalSubjectCatalogue);

describe('the internal subject catalogue', () => {
  it('gives every subject of `internalSubjects` a request and a reply schema', () => {
    expect(Object.keys(internalSubjects).sort()).toEqual(Object.keys(internalSubjectCatalogue).sort());
    for (const [name, definition] of entries) {
      expect(internalSubjects[name as keyof typeof internalSubjects], name).toBe(definition.subject);
      expect(definition.request[Kind], `${name} request`).toEqual(expect.any(String));
      expect(definition.reply[Kind], `${name} reply`).toEqual(expect.any(String));
      expect(definition.description.length, `${name} description`).toBeGreaterThan(0);
    }
  });

  it('names each `rpc.<service>.<resource>.<action>`, once, and never a route', () => {
    const subjects = entries.map(([, definition]) => definition.subject);
    for (const subject of subjects) expect(subject).toMatch(SUBJECT);
    expect(new Set(subjects).size).toBe(subjects.length);
    const routeSubjects = new Set(routes.map((route) => route.subject));
    expect(subjects.filter((subject) => routeSubjects.has(subject))).toEqual([]);
  });

  it('finds each definition by its subject, and nothing for a route subject', () => {
    for (const [, definition] of entries)
      expect(internalSubjectDefinition(definition.subject)).toBe(definition);
    expect(internalSubjectDefinition(routes[0]!.subject)).toBeUndefined();
  });

  it('has schemas that compile (ajv, strict)', () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats.default(ajv);
    for (const [name, definition] of entries) {
      expect(() => ajv.compile(definition.request), `${name} request`).not.toThrow();
      expect(() => ajv.compile(definition.reply), `${name} reply`).not.toThrow();
    }
  });
});

/**
 * docs/internal-subjects.md, generated from the internal subject catalogue (scripts/events-doc.mjs
 * writes it beside docs/events.md; a unit test fails when the file differs): each subject, who asks
 * whom and what for, and the fields of its request body and of its reply with their types.
 */
import type { TSchema } from '@sinclair/typebox';
import { Eid } from './core/schemas.js';
import { internalSubjectCatalogue } from './internal-subjects.js';

type Schema = TSchema & {
  readonly type?: string;
  readonly const?: unknown;
  readonly anyOf?: readonly Schema[];
  readonly items?: Schema;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly pattern?: string;
  readonly description?: string;
};

const isObject = (schema: Schema) => schema.type === 'object';

/** A schema's type in one line: `string`, `EID`, `integer`, `T[]`, `A \| null`, `object`. */
function typeText(schema: Schema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const).replaceAll('"', "'");
  if (schema.anyOf !== undefined) return schema.anyOf.map(typeText).join(' \\| ');
  if (schema.type === 'array') {
    const item = typeText(schema.items ?? ({} as Schema));
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (schema.type === 'string' && schema.pattern === Eid.pattern) return 'EID';
  return schema.type ?? 'any';
}

/** The rows of an object's fields, objects inside (also in arrays and nullable unions) flattened. */
function fieldRows(schema: Schema, prefix: string): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, field]) => {
    const path = `${prefix}${key}`;
    const notes = (field.description ?? '').replaceAll('\n', ' ').replaceAll('|', '\\|');
    const row = `| \`${path}\` | ${typeText(field)} | ${required.has(key) ? 'yes' : 'no'} | ${notes} |`;
    const inner = [field, field.items, ...(field.anyOf ?? [])].find(
      (s): s is Schema => s !== undefined && isObject(s) && s.properties !== undefined,
    );
    return [
      row,
      ...(inner === undefined ? [] : fieldRows(inner, field.type === 'array' ? `${path}[].` : `${path}.`)),
    ];
  });
}

/** A request body or a reply: its fields as a table, or its type in one line. */
function schemaText(what: string, schema: Schema): string[] {
  const object = isObject(schema)
    ? schema
    : schema.type === 'array' && schema.items
      ? schema.items
      : undefined;
  const rows = object?.properties === undefined ? [] : fieldRows(object, object === schema ? '' : '[].');
  if (rows.length === 0) return [`${what}: ${typeText(schema)}.`];
  const more = object?.additionalProperties === false ? '' : ' (other fields may follow)';
  return [
    `${what}: ${object === schema ? 'object' : 'array of objects'}${more}.`,
    '',
    '| Field | Type | Required | Notes |',
    '| --- | --- | --- | --- |',
    ...rows,
  ];
}

/** docs/internal-subjects.md as the catalogue defines it. */
export function internalSubjectsMarkdown(): string {
  const lines = [
    '# Internal subjects',
    '',
    '<!-- Generated from packages/contracts/src/internal-subjects.ts by `node scripts/events-doc.mjs`; do not edit. -->',
    '',
    'The NATS request subjects that are not HTTP routes (ARCHITECTURE §6), by the service that answers',
    'them: `rpc.<service>.<resource>.<action>`, envelope `{ ctx, params, query, body }`, reply',
    "`{ ok: true, data }` or an error. Callers and handlers take the body's and the reply's types from",
    '`internalSubjects.<name>`; the handler validates the body (400 `BAD_REQUEST` otherwise).',
  ];
  const byService = Object.entries(internalSubjectCatalogue).sort(
    ([a, x], [b, y]) => x.service.localeCompare(y.service) || a.localeCompare(b),
  );
  let service = '';
  for (const [name, definition] of byService) {
    if (definition.service !== service) {
      service = definition.service;
      lines.push('', `## ${service}`);
    }
    lines.push(
      '',
      `### \`${name}\``,
      '',
      `Subject \`${definition.subject}\`. ${definition.description}`,
      '',
      ...schemaText('Request body', definition.request),
      '',
      ...schemaText('Reply', definition.reply),
    );
  }
  return `${lines.join('\n')}\n`;
}

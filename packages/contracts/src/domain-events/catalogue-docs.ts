/**
 * docs/events.md, generated from the catalogue (scripts/events-doc.mjs writes it; a unit test
 * fails when the file differs): each event's subject, when it is recorded, the kinds of audience it
 * may carry and the fields of its `data` with their types. Generated rather than written so that
 * the reference cannot drift from the schemas producers and consumers are typed by.
 */
import type { TSchema } from '@sinclair/typebox';
import { Eid, Timestamp } from '../core/schemas.js';
import { eventCatalogue, eventNames } from './catalogue.js';
import { audienceSchemas } from './define.js';
import { liveEventOf, liveEventTypes } from './live.js';

interface FieldRow {
  readonly path: string;
  readonly type: string;
  readonly optional: boolean;
  readonly description: string;
}

type Schema = TSchema & {
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly anyOf?: readonly Schema[];
  readonly items?: Schema;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly pattern?: string;
  readonly format?: string;
  readonly description?: string;
};

/** Descriptions that only repeat the type column. */
const TYPE_DESCRIPTIONS = new Set([Eid.description, Timestamp.description]);

const isObject = (schema: Schema) => schema.type === 'object' && schema.properties !== undefined;

/** A schema's type in one line: `'user'`, `string (EID)`, `integer`, `T[]`, `A | null`, `object`. */
function typeText(schema: Schema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const).replaceAll('"', "'");
  if (schema.anyOf !== undefined) return schema.anyOf.map(inlineText).join(' \\| ');
  if (schema.type === 'array') {
    const item = typeText(schema.items ?? ({} as Schema));
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (schema.type === 'string') {
    if (schema.pattern === Eid.pattern) return 'EID';
    if (schema.format === 'date-time') return 'timestamp';
    return 'string';
  }
  if (typeof schema.type === 'string') return schema.type;
  return 'any';
}

/** A union's member in one line: an object as its keys (`{ type: 'news', EID }`). */
function inlineText(schema: Schema): string {
  if (!isObject(schema)) return typeText(schema);
  const keys = Object.entries(schema.properties ?? {}).map(([key, field]) =>
    field.const === undefined ? key : `${key}: ${typeText(field)}`,
  );
  return `{ ${keys.join(', ')} }`;
}

/** The rows of an object's fields, nested objects (also in arrays and nullable unions) flattened. */
function fieldRows(schema: Schema, prefix: string): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, field]) => {
    const path = `${prefix}${key}`;
    const row: FieldRow = {
      path,
      type: typeText(field),
      optional: !required.has(key),
      description: TYPE_DESCRIPTIONS.has(field.description)
        ? ''
        : (field.description ?? '').replaceAll('\n', ' ').replaceAll('|', '\\|'),
    };
    const nested = [field, field.items, ...(field.anyOf ?? [])].filter(
      (s): s is Schema => s !== undefined && isObject(s),
    );
    // One level of structure per row: `message.author.EID`, `children[].group.EID`.
    const inner = nested.length === 1 ? nested[0]! : undefined;
    const innerPrefix = field.type === 'array' ? `${path}[].` : `${path}.`;
    return [row, ...(inner === undefined ? [] : fieldRows(inner, innerPrefix))];
  });
}

function fieldTable(rows: readonly FieldRow[]): string[] {
  if (rows.length === 0) return ['`data`: `{}`.'];
  return [
    '| Field | Type | Required | Notes |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) => `| \`${row.path}\` | ${row.type} | ${row.optional ? 'no' : 'yes'} | ${row.description} |`,
    ),
  ];
}

const AUDIENCE_TEXT: Readonly<Record<keyof typeof audienceSchemas, string>> = {
  network: '`network`',
  group: '`group` (`groupEID`)',
  people: '`people` (`profileEIDs`)',
  admins: '`admins`',
  group_admins: '`group_admins` (`groupEID`, optionally `profileEIDs`)',
  internal: '`internal`',
};

/** docs/events.md as the catalogue defines it. */
export function eventCatalogueMarkdown(): string {
  const lines = [
    '# Domain events',
    '',
    '<!-- Generated from packages/contracts/src/domain-events by `node scripts/events-doc.mjs`; do not edit. -->',
    '',
    'Every event a service records through its outbox, published on the JetStream stream `EVENTS` as',
    '`{ id, type, occurredAt, networkEID, actor, audience, data }` (ARCHITECTURE §6). `audience` says',
    'who may see the event; each event lists the kinds it may carry:',
    '',
    ...Object.entries(audienceSchemas).map(
      ([kind, schema]) => `- ${AUDIENCE_TEXT[kind as keyof typeof audienceSchemas]}: ${schema.description}.`,
    ),
    '',
    "The subject's last token is the event's network (`none` for an event of no network), so the",
    "stream holds one log per network: `events.*.*.*.<networkEID>` reads a network's events in order.",
    '',
    '## The live stream',
    '',
    "`GET /networks/{networkEID}/stream` (Server-Sent Events) carries these events of the network's",
    'log to each person who may see them (their audience, decided by the gateway), as they happen.',
    "Each SSE `id` is the event's place in the log, for `Last-Event-ID`. The SSE `event` is the",
    "type below; `data` is `{ type, occurredAt, actor?, data }` with the event's data as documented",
    'here, each top-level reference with `_links.self`, without the fields the last column names. The',
    'alert events keep the form the stream always had: `alert` `{ alert, counters }` and `counters`.',
    '',
    '| Event type | SSE `event` | Left out of `data` |',
    '|---|---|---|',
    ...liveEventTypes.map((type) => {
      const live = liveEventOf(type)!;
      const omitted = live.omit.length === 0 ? '' : live.omit.map((key) => `\`${key}\``).join(', ');
      return `| [\`${type}\`](#${type.replaceAll('.', '')}) | \`${live.event}\` | ${omitted} |`;
    }),
  ];
  let service = '';
  for (const name of eventNames) {
    const definition = eventCatalogue[name];
    if (definition.service !== service) {
      service = definition.service;
      lines.push('', `## ${service}`);
    }
    lines.push(
      '',
      `### \`${name}\``,
      '',
      `Subject \`${definition.subject.replace(/\*$/, '<networkEID>')}\`. ${definition.description}`,
      '',
      `Audience: ${definition.audience.map((kind) => AUDIENCE_TEXT[kind]).join(', ')}.`,
      '',
    );
    const data = definition.data as Schema;
    const variants = data.anyOf ?? [data];
    if (variants.length > 1 && data.description !== undefined) lines.push(data.description, '');
    variants.forEach((variant, index) => {
      if (variants.length > 1) {
        const said = variant.description === undefined ? '' : ` ${variant.description}`;
        lines.push(`${index === 0 ? '' : '\n'}One of (${index + 1}):${said}\n`);
      }
      lines.push(...fieldTable(fieldRows(variant, '')));
    });
  }
  return `${lines.join('\n')}\n`;
}

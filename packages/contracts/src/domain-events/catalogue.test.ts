/**
 * The domain event catalogue against the code: (a) every event a service records (a static scan of
 * the `record(name, …)` calls of apps/*\/src) is catalogued, of the app's own service, and every
 * catalogued event is recorded somewhere; (b) every subject a consumer subscribes to names
 * catalogued events; (c) every schema compiles (ajv, strict), a payload of each sampled call site's
 * shape validates and a wrong one does not; the value lists copied from other areas still match
 * theirs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { webhookEventTypes } from '../apps/webhook-events.js';
import {
  accountSignInLockedSubject,
  EVENTS_SUBJECTS,
  eventLogSubject,
  networkLogFilter,
  NO_NETWORK,
  tokenRevokedSubject,
} from '../core/subjects.js';
import { VIDEO_PROCESSED_VERB } from '../files/media.js';
import {
  eventCatalogue,
  eventNames,
  eventSubjectOf,
  isEventName,
  subjectMatches,
  subjectsMatching,
  type CatalogueEvent,
  type EventData,
  type EventName,
} from './catalogue.js';
import { EventAudience, defineEvent } from './define.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/** The service name each app records its events under (the gateway records none). */
const SERVICE_OF_APP: Readonly<Record<string, string>> = {
  auth: 'auth',
  messaging: 'messaging',
  'knowledge-base': 'kb',
  notifications: 'notifications',
  gateway: 'gateway',
};

/**
 * Verbs the call sites hold in a variable, by `<app>:<entity>:<verb expression>` (the name's
 * template `\`<service>.<entity>.${verb}\``): the values it may take, read from the code. `constant`: the value comes from a contracts constant,
 * not a literal of the app's sources.
 */
const VARIABLE_VERBS: Readonly<Record<string, { values: readonly string[]; constant?: true }>> = {
  // settings/themes.ts afterWrite(…, verb: 'created' | 'updated').
  'auth:theme:verb': { values: ['created', 'updated'] },
  // groups/requests/requests.ts removeRequest(…, verb: 'withdrawn' | 'declined').
  'auth:membership_request:verb': { values: ['withdrawn', 'declined'] },
  // messages/writing.ts postMessage: createdVerbOf (news/writing.ts) by the new message's status,
  // `created` apart (its audience is the message's).
  'messaging:message:verb': { values: ['draft_created', 'scheduled'] },
  // events/editing.ts recordEventEdit: one event per EventChange (events/rules.ts eventEditOf).
  'messaging:message:change': { values: ['date_time_changed', 'location_changed', 'details_changed'] },
  // pins/chat-pins.ts recordPin(…, verb: 'pinned' | 'unpinned').
  'messaging:chat_message:verb': { values: ['pinned', 'unpinned'] },
  // tasks/completion.ts setTaskCompleted(…, verb: Verb), type Verb = 'completed' | 'reopened'.
  'messaging:task:verb': { values: ['completed', 'reopened'] },
  // files/video.ts: the contracts constant (files/media.ts).
  'messaging:file:VIDEO_PROCESSED_VERB': { values: [VIDEO_PROCESSED_VERB], constant: true },
};

/** Whole names the typed call sites hold in a variable, by `<app>:<name expression>`. */
const VARIABLE_NAMES: Readonly<Record<string, { values: readonly string[] }>> = {
  // news/jobs.ts recordJobEnd(…, end): news/duplication.ts and news/addressee-export.ts pass these.
  'messaging:end.name': {
    values: [
      'messaging.news.duplication_succeeded',
      'messaging.news.duplication_failed',
      'messaging.news.addressee_export_succeeded',
      'messaging.news.addressee_export_failed',
    ],
  },
};

/**
 * Wrappers of `outbox.record` that pass on the name their own caller gave (file → the argument):
 * no event of their own; each caller is a call site read above.
 */
const FORWARDERS: Readonly<Record<string, string>> = {
  // The scheduled-items notice rides on the outbox (scheduling/notices.ts).
  'apps/messaging/src/scheduling/notices.ts': 'name',
};

/** The TypeScript files under `dir` (tests too with `withTests`). */
function sourceFiles(dir: string, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path, withTests);
    const test = entry.name.endsWith('.test.ts');
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && (withTests || !test) ? [path] : [];
  });
}

const rel = (path: string) => relative(ROOT, path).split(sep).join('/');

/** The first `count` arguments of the call whose `(` is at `open` (top-level commas, strings skipped). */
function argumentsAt(text: string, open: number, count: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  let quote: string | null = null;
  for (let i = open + 1; i < text.length && args.length < count; i += 1) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) {
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        break;
      }
      depth -= 1;
    } else if (c === ',' && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

const LITERAL = /^'([^'\\]*)'$/;
/** A typed call's name: `'<service>.<entity>.<verb>'`. */
const NAME = /^'([a-z]+)\.([a-z0-9_]+)\.([a-z0-9_]+)'$/;
/** A typed call's name with a variable verb: `\`<service>.<entity>.${verb}\``. */
const TEMPLATE = /^`([a-z]+)\.([a-z0-9_]+)\.\$\{([^}]+)\}`$/;
const literalsIn = (expression: string) => [...expression.matchAll(/'([^'\\]*)'/g)].map((m) => m[1]!);

/** The verbs of a verb expression: a literal, `c ? 'a' : 'b'`, or listed in VARIABLE_VERBS. */
function verbsOf(key: string, expression: string, used: Set<string>): readonly string[] | string {
  const literal = LITERAL.exec(expression)?.[1];
  if (literal !== undefined) return [literal];
  if (/^[^?]+\?\s*'[^']*'\s*:\s*'[^']*'$/.test(expression)) return literalsIn(expression);
  const variable = VARIABLE_VERBS[key];
  if (variable === undefined) return `verb ${expression} (list its values in VARIABLE_VERBS as '${key}')`;
  used.add(key);
  return variable.values;
}

/** The names a call records (`record(name, …)`), or why they cannot be read. */
function recordedNames(app: string, service: string, first: string, used: Set<string>): string[] | string {
  const ofService = (names: string[]) => {
    const foreign = names.filter((name) => !name.startsWith(`${service}.`));
    return foreign.length > 0 ? `${foreign.join(', ')}: not an event of ${service}` : names;
  };
  const named = NAME.exec(first);
  if (named !== null) return ofService([`${named[1]}.${named[2]}.${named[3]}`]);
  const conditional = /^[^?]+\?\s*('[^']*')\s*:\s*('[^']*')$/.exec(first);
  if (conditional !== null && NAME.test(conditional[1]!) && NAME.test(conditional[2]!)) {
    // The two names, not the literals of the condition.
    return ofService([conditional[1]!, conditional[2]!].flatMap(literalsIn));
  }
  const template = TEMPLATE.exec(first);
  if (template !== null) {
    const [, prefix, entity, expression] = template;
    const verbs = verbsOf(`${app}:${entity}:${expression}`, expression!, used);
    return typeof verbs === 'string' ? verbs : ofService(verbs.map((verb) => `${prefix}.${entity}.${verb}`));
  }
  if (LITERAL.test(first)) return `${first}: not a name <service>.<entity>.<verb>`;
  const key = `${app}:${first}`;
  const variable = VARIABLE_NAMES[key];
  if (variable === undefined) return `name ${first} (list its values in VARIABLE_NAMES as '${key}')`;
  used.add(key);
  return ofService([...variable.values]);
}

interface CallSite {
  readonly where: string;
  readonly name: string;
}

/** Every event the apps record, with where; what the scan could not resolve. */
function scanRecordedEvents() {
  const sites: CallSite[] = [];
  const unresolved: string[] = [];
  const usedVariables = new Set<string>();
  const forwarded = new Set<string>();
  const appSources = new Map<string, string>();
  for (const app of readdirSync(join(ROOT, 'apps'))) {
    const service = SERVICE_OF_APP[app];
    if (service === undefined) {
      unresolved.push(`apps/${app}: no service name known (SERVICE_OF_APP)`);
      continue;
    }
    let all = '';
    for (const file of sourceFiles(join(ROOT, 'apps', app, 'src'))) {
      const text = readFileSync(file, 'utf8');
      all += text;
      for (const match of text.matchAll(/\.record\(/g)) {
        const line = text.slice(0, match.index).split('\n').length;
        const where = `${rel(file)}:${line}`;
        const [first = ''] = argumentsAt(text, match.index + '.record'.length, 1);
        if (FORWARDERS[rel(file)] === first) {
          forwarded.add(rel(file));
          continue;
        }
        const names = recordedNames(app, service, first, usedVariables);
        if (typeof names === 'string') unresolved.push(`${where}: ${names}`);
        else for (const name of names) sites.push({ where, name });
      }
    }
    appSources.set(app, all);
  }
  return { sites, unresolved, usedVariables, forwarded, appSources };
}

describe('(a) the catalogue and the call sites', () => {
  const { sites, unresolved, usedVariables, forwarded, appSources } = scanRecordedEvents();
  const recorded = new Set(sites.map((site) => site.name));

  it('reads every call site (a variable verb or name listed above)', () => {
    expect(unresolved).toEqual([]);
    expect(sites.length).toBeGreaterThan(60);
    expect(recorded).toContain('auth.token.revoked');
    expect(recorded).toContain('kb.page.published');
    expect(recorded).toContain('messaging.message.draft_created');
  });

  it('lists only forwarders that still forward', () => {
    expect([...forwarded].sort()).toEqual(Object.keys(FORWARDERS).sort());
  });

  it('lists no variable verb that no call site has, and each value is in the code', () => {
    const variables = { ...VARIABLE_VERBS, ...VARIABLE_NAMES };
    expect(Object.keys(variables).filter((key) => !usedVariables.has(key))).toEqual([]);
    const absent = Object.entries(variables).flatMap(([key, { values, ...rest }]) => {
      const constant = 'constant' in rest && rest.constant;
      if (constant) return [];
      const source = appSources.get(key.split(':')[0]!) ?? '';
      return values.filter((value) => !source.includes(`'${value}'`)).map((value) => `${key}: ${value}`);
    });
    expect(absent).toEqual([]);
  });

  it('catalogues every event a service records', () => {
    const missing = sites.filter((site) => !isEventName(site.name)).map((s) => `${s.name} (${s.where})`);
    expect(missing).toEqual([]);
  });

  it('has no dead entry: every catalogued event is recorded somewhere', () => {
    expect(eventNames.filter((name) => !recorded.has(name))).toEqual([]);
  });
});

/**
 * The files that hold the subjects each consumer subscribes to (the consumer itself, or where its
 * list is kept): string literals `'events.…'`, `eventSubject('s', 'e', 'v')`, the subject
 * constants of core/subjects.ts, and catalogue names `'<service>.<entity>.<verb>'` (a consumer's
 * `events` list, the webhook sources `'<service>.<entity>.<verb>': …`).
 */
const SUBSCRIPTIONS: Readonly<Record<string, string>> = {
  'apps/notifications/src/consumers/alerts-consumer.ts': 'apps/notifications/src/consumers/alert-plans.ts',
  'apps/notifications/src/app-alerts/consumer.ts': 'apps/notifications/src/app-alerts/consumer.ts',
  'apps/notifications/src/webhooks/fanout.ts': 'apps/notifications/src/webhooks/rules.ts',
  'apps/messaging/src/tasks/joiners.ts': 'apps/messaging/src/tasks/joiners.ts',
  'apps/messaging/src/assistant/activation-consumer.ts':
    'apps/messaging/src/assistant/activation-consumer.ts',
  // The live stream's tail of the whole log (every event, routed by its audience).
  'apps/gateway/src/live-stream/log.ts': 'apps/gateway/src/live-stream/log.ts',
  // A core NATS subscription (the gateway's principal cache), not a JetStream consumer.
  'apps/gateway/src/authentication/revocations.ts': 'apps/gateway/src/authentication/revocations.ts',
};

const SUBJECT_CONSTANTS: Readonly<Record<string, string>> = {
  EVENTS_SUBJECTS,
  tokenRevokedSubject,
  accountSignInLockedSubject,
};

function subscribedSubjects(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
  return [
    ...[...text.matchAll(/'(events\.[^'\s]+)'/g)].map((m) => m[1]!),
    ...[...text.matchAll(/eventSubject\(\s*'(\w+)',\s*'(\w+)',\s*'(\w+)'\s*\)/g)].map(
      (m) => `events.${m[1]}.${m[2]}.${m[3]}.*`,
    ),
    ...Object.entries(SUBJECT_CONSTANTS)
      .filter(([constant]) => new RegExp(`\\b${constant}\\b(?!\\s*[=:])`).test(text))
      .map(([, subject]) => subject),
    ...[...text.matchAll(/'((?:auth|messaging|kb|notifications)\.[a-z_]+\.[a-z_]+)'/g)].map(
      (m) => `events.${m[1]}.*`,
    ),
  ];
}

describe('(b) the consumers subscribe to catalogued events', () => {
  const bySource = Object.fromEntries(
    Object.entries(SUBSCRIPTIONS).map(([consumer, file]) => [
      consumer,
      [...new Set(subscribedSubjects(file))],
    ]),
  );

  it('knows every JetStream consumer of the apps', () => {
    const consumers = Object.keys(SERVICE_OF_APP)
      .flatMap((app) => sourceFiles(join(ROOT, 'apps', app, 'src')))
      .filter((file) => /startEventConsumer\(|filterSubjects/.test(readFileSync(file, 'utf8')))
      .map(rel)
      .sort();
    expect(consumers.filter((file) => SUBSCRIPTIONS[file] === undefined)).toEqual([]);
    for (const [consumer, subjects] of Object.entries(bySource)) expect(subjects, consumer).not.toEqual([]);
  });

  it('reads the lists as the consumers hold them', () => {
    expect(bySource['apps/notifications/src/consumers/alerts-consumer.ts']).toEqual(
      expect.arrayContaining(['events.messaging.>', accountSignInLockedSubject]),
    );
    expect(bySource['apps/notifications/src/webhooks/fanout.ts']).toHaveLength(webhookEventTypes.length);
    expect(bySource['apps/gateway/src/authentication/revocations.ts']).toEqual([tokenRevokedSubject]);
  });

  it('each subscribed subject matches at least one catalogued event', () => {
    const unmatched = Object.entries(bySource).flatMap(([consumer, subjects]) =>
      subjects.filter((subject) => subjectsMatching(subject).length === 0).map((s) => `${consumer}: ${s}`),
    );
    expect(unmatched).toEqual([]);
  });

  it('each subject the end-to-end tests read events of is catalogued', () => {
    const subjects = new Set(
      sourceFiles(join(ROOT, 'tests/e2e'), true).flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(
            /\bevents\.(?:auth|messaging|kb|notifications)(?:\.(?:[a-z_]+|\*|>))+/g,
          ),
        ].map((m) => m[0]),
      ),
    );
    expect(subjects.size).toBeGreaterThan(10);
    // The tests name an event type's subject without its network token (tests/support/events.ts),
    // or with one: any network's.
    const filterOf = (subject: string) =>
      subject.endsWith('>') ? subject : [...subject.split('.').slice(0, 4), '*'].join('.');
    expect([...subjects].filter((subject) => subjectsMatching(filterOf(subject)).length === 0)).toEqual([]);
  });
});

describe('subjects', () => {
  it('matches NATS wildcards', () => {
    const added = 'events.auth.membership.added.n1';
    expect(subjectMatches('events.auth.membership.added.n1', added)).toBe(true);
    expect(subjectMatches('events.auth.membership.added.*', added)).toBe(true);
    expect(subjectMatches('events.auth.*.added.*', added)).toBe(true);
    expect(subjectMatches('events.*.*.*.n1', added)).toBe(true);
    expect(subjectMatches('events.*.*.*.n2', added)).toBe(false);
    expect(subjectMatches('events.auth.>', added)).toBe(true);
    expect(subjectMatches('events.>', added)).toBe(true);
    expect(subjectMatches('events.auth.membership.added', added)).toBe(false);
    expect(subjectMatches('events.auth.membership.added.n1.>', added)).toBe(false);
    expect(subjectMatches('events.auth.*', added)).toBe(false);
    expect(subjectMatches('events.auth.membership.*.x', added)).toBe(false);
    expect(subjectMatches('events.>.added', added)).toBe(false);
    expect(subjectsMatching('events.auth.membership_request.*.*')).toEqual([
      'events.auth.membership_request.created.*',
      'events.auth.membership_request.withdrawn.*',
      'events.auth.membership_request.declined.*',
    ]);
    expect(subjectsMatching('events.>')).toHaveLength(eventNames.length);
    expect(subjectsMatching('events.auth.membership.gone.*')).toEqual([]);
  });

  it("files each event under its network's token, one log per network", () => {
    expect(eventLogSubject('kb', 'page', 'published', 'n1')).toBe('events.kb.page.published.n1');
    expect(eventLogSubject('auth', 'token', 'revoked', undefined)).toBe(
      `events.auth.token.revoked.${NO_NETWORK}`,
    );
    expect(subjectMatches(networkLogFilter('n1'), eventLogSubject('kb', 'page', 'published', 'n1'))).toBe(
      true,
    );
    expect(subjectMatches(networkLogFilter('n1'), eventLogSubject('kb', 'page', 'published', 'n2'))).toBe(
      false,
    );
    expect(
      subjectMatches(eventSubjectOf('kb.page.published'), eventLogSubject('kb', 'page', 'published', 'n2')),
    ).toBe(true);
  });

  it('derives each subject and type from the service, entity and verb', () => {
    for (const name of eventNames) {
      const { service, entity, verb, subject } = eventCatalogue[name];
      expect(name).toBe(`${service}.${entity}.${verb}`);
      expect(subject).toBe(`events.${name}.*`);
      expect(eventSubjectOf(name)).toBe(subject);
    }
    expect(eventSubjectOf('auth.token.revoked')).toBe(tokenRevokedSubject);
    expect(eventSubjectOf('auth.account.sign_in_locked')).toBe(accountSignInLockedSubject);
    expect(() =>
      defineEvent({
        service: 'auth',
        entity: 'Token',
        verb: 'revoked',
        description: '',
        audience: ['internal'],
        data: EventAudience,
      }),
    ).toThrow(/subject token/);
  });

  it('types data and envelopes by name', () => {
    expectTypeOf<EventData<'auth.token.revoked'>>().toEqualTypeOf<{ tokenHashes: string[] }>();
    expectTypeOf<EventData<'kb.manager.assigned'>['user']>().toEqualTypeOf<{ type: 'user'; EID: string }>();
    expectTypeOf<
      CatalogueEvent<'messaging.task.completed'>['type']
    >().toEqualTypeOf<'messaging.task.completed'>();
    expectTypeOf<CatalogueEvent<'messaging.task.completed'>['data']['kind']>().toEqualTypeOf<
      'individual' | 'split' | 'shared' | 'associated'
    >();
    expectTypeOf(eventSubjectOf('kb.page.published')).toEqualTypeOf<'events.kb.page.published.*'>();
    expectTypeOf<'auth.nothing.done'>().not.toExtend<EventName>();
  });
});

/**
 * Every event the end-to-end run recorded is what the domain event catalogue says: each service's
 * `outbox` collection (published events are kept 7 days, so a run's are all there) of every stack
 * of the run (noted by tests/setup/stack.ts in `NCS_E2E_STACKS_DIR`) is read, and each event's
 * `type` must be catalogued, its `data` validate against its schema and its `audience` be one of
 * the kinds its definition lists (contracts domain-events/validate.ts).
 * Runs after every other end-to-end file (its project's `groupOrder` in vitest.config.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { recordedEventProblems, type StoredEvent } from '@ncs/contracts/event-validation';

/** The services' databases (each app's `MONGO_DB` default). */
const DATABASES = ['ncs_auth', 'ncs_messaging', 'ncs_kb', 'ncs_notifications'];
/** Problems listed per event type, at most. */
const EXAMPLES = 3;

function notedStores(): string[] {
  const dir = process.env.NCS_E2E_STACKS_DIR ?? '';
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { mongoUrl: string }).mongoUrl);
}

async function storedEvents(mongoUrl: string): Promise<StoredEvent[]> {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    const events: StoredEvent[] = [];
    for (const name of DATABASES) {
      const docs = await connection
        .getClient()
        .db(name)
        .collection('outbox')
        .find({}, { projection: { subject: 1, payload: 1 } })
        .toArray();
      for (const doc of docs) events.push({ subject: String(doc.subject), payload: String(doc.payload) });
    }
    return events;
  } finally {
    await connection.close();
  }
}

const stored = (subject: string, event: Record<string, unknown>): StoredEvent => ({
  subject,
  payload: JSON.stringify({ id: '1'.repeat(24), occurredAt: '2026-01-01T00:00:00.000+00:00', ...event }),
});

describe('the events the end-to-end run recorded', () => {
  it('reports a wrong event (the check can fail)', () => {
    const category = { type: 'kb_category', EID: 'c'.repeat(24) };
    const user = { type: 'user', EID: 'a'.repeat(24) };
    const good = { type: 'kb.manager.assigned', audience: { kind: 'network' }, data: { category, user } };
    expect(recordedEventProblems(stored('events.kb.manager.assigned.none', good))).toEqual([]);
    // Joined, so that the catalogue test's scan of e2e subjects does not take it for a real one.
    const gone = ['events', 'kb', 'manager', 'gone'].join('.');
    expect(recordedEventProblems(stored(gone, { ...good, type: 'kb.manager.gone' }))).toEqual([
      'type kb.manager.gone is not catalogued',
    ]);
    expect(
      recordedEventProblems(stored('events.kb.manager.assigned.none', { ...good, data: { category } })),
    ).toEqual([expect.stringContaining('data:')]);
    expect(
      recordedEventProblems(stored('events.kb.manager.assigned.none', { ...good, audience: undefined })),
    ).toEqual(['no audience']);
    expect(
      recordedEventProblems(
        stored('events.kb.manager.assigned.none', { ...good, audience: { kind: 'admins' } }),
      ),
    ).toEqual([expect.stringContaining('is not one of network')]);
    expect(recordedEventProblems(stored('events.kb.page.published.none', good))).toEqual([
      'stored under events.kb.page.published.none, not events.kb.manager.assigned.none',
    ]);
    // Filed in the log of its own network, none other.
    const networkEID = 'b'.repeat(24);
    expect(
      recordedEventProblems(stored(`events.kb.manager.assigned.${networkEID}`, { ...good, networkEID })),
    ).toEqual([]);
    expect(recordedEventProblems(stored('events.kb.manager.assigned.none', { ...good, networkEID }))).toEqual(
      [`stored under events.kb.manager.assigned.none, not events.kb.manager.assigned.${networkEID}`],
    );
    // Auth's events carry their audience too, of the kinds their definition lists.
    const revoked = { type: 'auth.token.revoked', data: { tokenHashes: ['a'.repeat(64)] } };
    expect(recordedEventProblems(stored('events.auth.token.revoked.none', revoked))).toEqual(['no audience']);
    expect(
      recordedEventProblems(
        stored('events.auth.token.revoked.none', { ...revoked, audience: { kind: 'internal' } }),
      ),
    ).toEqual([]);
    expect(
      recordedEventProblems(
        stored('events.auth.token.revoked.none', { ...revoked, audience: { kind: 'network' } }),
      ),
    ).toHaveLength(1);
  });

  it('are catalogued, their data and audience as the catalogue says', async () => {
    const stores = notedStores();
    expect(stores.length, 'no end-to-end stack noted its store: run with the e2e project').toBeGreaterThan(0);
    const events = (await Promise.all(stores.map(storedEvents))).flat();
    const types = new Map<string, number>();
    const problems = new Map<string, string[]>();
    for (const event of events) {
      const type = (JSON.parse(event.payload) as { type?: string }).type ?? '?';
      types.set(type, (types.get(type) ?? 0) + 1);
      const found = recordedEventProblems(event);
      if (found.length === 0) continue;
      const listed = problems.get(type) ?? [];
      if (listed.length < EXAMPLES) listed.push(`${found.join('; ')} in ${event.payload.slice(0, 400)}`);
      problems.set(type, listed);
    }
    // The run recorded events of each producer, so the check saw something.
    expect([...types.keys()].some((type) => type.startsWith('auth.'))).toBe(true);
    expect([...types.keys()].some((type) => type.startsWith('messaging.'))).toBe(true);
    expect([...types.keys()].some((type) => type.startsWith('kb.'))).toBe(true);
    expect(Object.fromEntries(problems)).toEqual({});
  });
});

/**
 * Catalogued events of the knowledge base for the outbox's own tests (outbox.test.ts): their data,
 * and a network of each test's own, by which a test tells its events from other tests' on the
 * shared EVENTS stream.
 */
import { randomBytes } from 'node:crypto';
import type { JsMsg } from 'nats';
import type { DomainEvent, EventData } from '@ncs/contracts';

/** A test's own network: its events are told apart from other tests' on the shared stream. */
export const newNetwork = () => randomBytes(12).toString('hex');
export const eid = (n: number) => n.toString(16).padStart(24, '0');
export const ALICE = { type: 'user' as const, EID: '5f1b2c3d4e5f6a7b8c9d0e1f' };
export const AUDIENCE = { kind: 'network' } as const;

/** `kb.manager.assigned`'s data, the `n`th category. */
export const assigned = (n: number): EventData<'kb.manager.assigned'> => ({
  category: { type: 'kb_category', EID: eid(n) },
  user: ALICE,
});

/** `kb.category.created` and `kb.category.deleted`'s data, the `n`th category. */
export const category = (n: number): EventData<'kb.category.created'> => ({
  category: {
    type: 'kb_category',
    EID: eid(n),
    name: `Category ${n}`,
    description: '',
    audienceType: 'everyone',
    headerBackgroundUrl: null,
    headerColor: null,
    parent: null,
    highlightedAt: null,
    created: '2026-01-01T00:00:00.000+00:00',
    lastModified: '2026-01-01T00:00:00.000+00:00',
  },
});

/** The stream's messages of one network. */
export const ofNetwork = (messages: JsMsg[], networkEID: string) =>
  messages.filter((msg) => msg.json<DomainEvent>().networkEID === networkEID);

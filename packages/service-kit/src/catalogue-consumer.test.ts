import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DomainEvent } from '@ncs/contracts';
import { plainConsumerOptions } from './catalogue-consumer.js';
import { createLogger } from './logger.js';

const base = {
  nats: {} as never,
  connection: {} as never,
  durable: 'test-consumer',
  logger: createLogger({ service: 'kb', level: 'silent' }),
};
const event = (type: string): DomainEvent => ({
  id: 'e1',
  type,
  occurredAt: '',
  audience: { kind: 'network' },
  data: {},
});

describe('catalogue consumers', () => {
  it("subscribes to the listed events' subjects and hands the handler those events only", async () => {
    const handled: string[] = [];
    const options = plainConsumerOptions({
      ...base,
      events: ['kb.page.published', 'kb.category.created'],
      handle: (received) => {
        expectTypeOf(received.type).toEqualTypeOf<'kb.page.published' | 'kb.category.created'>();
        handled.push(received.type);
        return Promise.resolve();
      },
    });
    expect(options.filterSubjects).toEqual(['events.kb.page.published.*', 'events.kb.category.created.*']);
    await options.handle(event('kb.page.published'), 'events.kb.page.published.n1');
    await options.handle(event('kb.category.deleted'), 'events.kb.category.deleted.n1');
    expect(handled).toEqual(['kb.page.published']);
  });

  it('keeps a wildcard filter and refuses filters and lists that disagree', () => {
    const handle = () => Promise.resolve();
    expect(
      plainConsumerOptions({
        ...base,
        filterSubjects: ['events.kb.>'],
        events: ['kb.page.published'],
        handle,
      }).filterSubjects,
    ).toEqual(['events.kb.>']);
    expect(() =>
      plainConsumerOptions({
        ...base,
        filterSubjects: ['events.kb.page.*'],
        events: ['kb.category.created'],
        handle,
      }),
    ).toThrow(/test-consumer/);
    expect(() => plainConsumerOptions({ ...base, events: [], handle })).toThrow(/no events listed/);
  });

  it('orders unlisted events apart', () => {
    const options = plainConsumerOptions({
      ...base,
      events: ['kb.page.published'],
      handle: () => Promise.resolve(),
      orderKey: (received) => received.data.page.category.EID,
    });
    expect(options.orderKey?.(event('kb.category.created'))).toBe('-:e1');
  });
});

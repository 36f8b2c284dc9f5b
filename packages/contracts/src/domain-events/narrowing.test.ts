/** Consumers narrow envelopes to catalogued events by their `type` (`isCatalogueEvent`). */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DomainEvent } from '../core/subjects.js';
import { isCatalogueEvent, type CatalogueEvent, type EventAudienceOf } from './catalogue.js';

const envelope = (type: string): DomainEvent => ({
  id: 'e1',
  type,
  occurredAt: '2026-01-01T00:00:00.000+00:00',
  audience: { kind: 'network' },
  data: {},
});

describe('isCatalogueEvent', () => {
  it('narrows by one name or a list, and tells other types apart', () => {
    const event = envelope('kb.page.published');
    expect(isCatalogueEvent(event, 'kb.page.published')).toBe(true);
    expect(isCatalogueEvent(event, ['kb.category.created', 'kb.page.published'])).toBe(true);
    expect(isCatalogueEvent(event, 'kb.category.created')).toBe(false);
    expect(isCatalogueEvent(envelope('kb.page.gone'), ['kb.page.published'])).toBe(false);
    if (isCatalogueEvent(event, ['kb.page.published', 'kb.manager.assigned'])) {
      expectTypeOf(event.type).toEqualTypeOf<'kb.page.published' | 'kb.manager.assigned'>();
      if (event.type === 'kb.manager.assigned') expectTypeOf(event.data.user.EID).toEqualTypeOf<string>();
    }
  });

  it('types the audience by the kinds the event may carry', () => {
    expectTypeOf<EventAudienceOf<'kb.page.published'>>().toEqualTypeOf<{ kind: 'network' }>();
    expectTypeOf<CatalogueEvent<'messaging.message.mentioned'>['audience']>().toEqualTypeOf<{
      kind: 'people';
      profileEIDs: string[];
    }>();
    expectTypeOf<EventAudienceOf<'auth.membership.invited'>>().toEqualTypeOf<{
      kind: 'group_admins';
      groupEID: string;
      profileEIDs?: string[];
    }>();
  });
});

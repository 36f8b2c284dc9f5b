import { DomainError, type CatalogueEvent } from '@ncs/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { activatedProfileOf } from './activation-consumer.js';
import { requireStanding } from './standing.js';
import { welcomeHtml } from './welcome.js';

const problemName = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.errorName : 'other';
  }
};

describe('requireStanding', () => {
  it('refuses without the feature first, then non-administrators for writes', () => {
    expect(problemName(() => requireStanding({ featureEnabled: false, networkAdmin: true }, false))).toBe(
      'MESSAGING_ERR_AI_ASSISTANT_DISABLED',
    );
    expect(problemName(() => requireStanding({ featureEnabled: true, networkAdmin: false }, true))).toBe(
      'MESSAGING_ERR_AI_ASSISTANT_ADMIN_ONLY',
    );
    expect(
      problemName(() => requireStanding({ featureEnabled: true, networkAdmin: false }, false)),
    ).toBeNull();
  });
});

describe('welcomeHtml', () => {
  it('adds the company information, escaped', () => {
    expect(welcomeHtml('')).not.toContain('<p></p>');
    expect(welcomeHtml('A & <b>B</b>')).toContain('<p>A &amp; &lt;b&gt;B&lt;/b&gt;</p>');
  });
});

describe('activatedProfileOf', () => {
  const event = (data: Record<string, unknown>) =>
    ({
      id: 'e1',
      type: 'auth.membership.activated',
      occurredAt: '2026-01-01T00:00:00Z',
      networkEID: 'a'.repeat(24),
      data,
    }) as unknown as CatalogueEvent<'auth.membership.activated'>;
  it('reads data.user.EID, which the catalogue always gives', () => {
    expect(activatedProfileOf(event({ user: { type: 'user', EID: 'b'.repeat(24) } }))).toBe('b'.repeat(24));
    expectTypeOf<CatalogueEvent<'auth.membership.activated'>['data']['user']>().toEqualTypeOf<{
      type: 'user';
      EID: string;
    }>();
  });
});

import { describe, expect, it } from 'vitest';
import { alertTypes } from '@ncs/contracts';
import { categoryOf, isActionable, openKeyOf, readKeyOf } from './rules.js';

describe('alert rules', () => {
  it('gives every type a category', () => {
    for (const type of alertTypes) expect(['activity', 'system', 'admin']).toContain(categoryOf(type));
    expect(categoryOf('orphaned_group')).toBe('admin');
    expect(categoryOf('mention')).toBe('activity');
    expect(categoryOf('DUPLICATION_PROCESS_FAILED')).toBe('system');
  });

  it('merges by type and subject, never an actionable alert', () => {
    const message = { type: 'update', EID: 'a'.repeat(24) };
    expect(openKeyOf('mention', message, 'e1')).toBe(openKeyOf('mention', message, 'e2'));
    expect(openKeyOf('mention', message, 'e1')).not.toBe(
      openKeyOf('message_activity_comment', message, 'e1'),
    );
    expect(isActionable('orphaned_group')).toBe(true);
    expect(openKeyOf('orphaned_group', message, 'e1')).not.toBe(openKeyOf('orphaned_group', message, 'e2'));
    expect(readKeyOf('x')).not.toBe(openKeyOf('mention', null, 'x'));
  });
});

import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ncs/contracts';
import { planAlert } from './alert-plans.js';

const N = 'a'.repeat(24);
const ALICE = { type: 'user', EID: 'b'.repeat(24) };
const BOB = { type: 'user', EID: 'c'.repeat(24) };
const GROUP = { type: 'group', EID: 'd'.repeat(24), name: 'G', groupType: 'group' };
const MESSAGE = { type: 'update', EID: 'e'.repeat(24), htmlBody: '<p>x</p>', group: GROUP, author: ALICE };

function event(type: string, data: Record<string, unknown>, actor = ALICE): DomainEvent {
  const occurredAt = new Date().toISOString();
  return { id: 'f'.repeat(24), type, occurredAt, networkEID: N, actor, audience: { kind: 'network' }, data };
}

describe('planAlert', () => {
  it('follows the messaging convention: alert, recipient(s), subject, app data', () => {
    const plan = planAlert(
      event('messaging.message.activity_comment', {
        alert: 'message_activity_comment',
        message: MESSAGE,
        comment: { type: 'comment', EID: '1'.repeat(24), htmlBody: 'x' },
        recipients: [BOB, BOB],
      }),
    );
    expect(plan).toEqual({
      type: 'message_activity_comment',
      recipients: [BOB.EID],
      subject: { type: 'update', EID: MESSAGE.EID },
      originator: ALICE,
      groupEIDs: [GROUP.EID],
      appData: { comment: { type: 'comment', EID: '1'.repeat(24) } },
    });
  });

  it('takes the job outcome subject from original or news', () => {
    const plan = planAlert(
      event('messaging.news.addressee_export_succeeded', {
        alert: 'NEWS_ADDRESSEE_EXPORT_SUCCESS',
        recipient: ALICE,
        job: { type: 'news_addressee_export', EID: '2'.repeat(24) },
        news: { type: 'news', EID: '3'.repeat(24) },
        numAddressees: 4,
      }),
    );
    expect(plan?.subject).toEqual({ type: 'news', EID: '3'.repeat(24) });
    expect(plan?.appData).toEqual({
      job: { type: 'news_addressee_export', EID: '2'.repeat(24) },
      news: { type: 'news', EID: '3'.repeat(24) },
      numAddressees: 4,
    });
  });

  it('ignores events without a known alert', () => {
    expect(planAlert(event('messaging.message.liked', { message: MESSAGE }))).toBeNull();
    expect(planAlert(event('messaging.message.x', { alert: 'nope', recipient: BOB }))).toBeNull();
  });

  it('alerts a member added or removed by someone else, not a self join or a leave', () => {
    const added = { group: GROUP, user: BOB, role: 'member', state: 'active' };
    expect(planAlert(event('auth.membership.added', added))).toMatchObject({
      type: 'added_to_groups',
      recipients: [BOB.EID],
      subject: { type: 'network', EID: N },
      groupEIDs: [GROUP.EID],
    });
    expect(planAlert(event('auth.membership.added', added, BOB))).toBeNull();
    expect(planAlert(event('auth.membership.removed', { ...added, self: true }, BOB))).toBeNull();
    expect(planAlert(event('auth.membership.removed', { ...added, self: false }))?.type).toBe(
      'removed_from_groups',
    );
    expect(
      planAlert(event('auth.membership.removed', { ...added, state: 'invited', self: false })),
    ).toBeNull();
  });

  it('sends orphaned_group to the network admins about the group', () => {
    expect(planAlert(event('auth.group.orphaned', { group: GROUP }))).toMatchObject({
      type: 'orphaned_group',
      recipients: 'networkAdmins',
      subject: { type: 'group', EID: GROUP.EID },
    });
  });
});

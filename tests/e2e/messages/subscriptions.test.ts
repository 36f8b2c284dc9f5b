/**
 * Subscriptions over HTTP: `subscribe` / `unsubscribe` are
 * idempotent and show in `_user.subscribed`; the author is subscribed on posting and a commenter
 * on commenting; each comment records ONE `events.messaging.message.activity_comment` event
 * listing the subscribers to notify (never the commenter); a comment takes no subscription (400);
 * 404 across networks and for a hidden group's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { act } from '../../support/factories/actions.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup } from '../../support/factories/groups.js';
import { messagesPath, newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Subscriptions');
  adminToken = await network.admin.token();
});

describe('subscribing to a message', () => {
  it('subscribes the author on posting; subscribe and unsubscribe are idempotent', async () => {
    const member = await network.newMember();
    const memberToken = await member.token();
    const message = await newMessage(network.networkEID, adminToken);
    expect(message._user).toMatchObject({ subscribed: true });
    const asMember = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      token: memberToken,
    });
    expect(asMember.body._user).toMatchObject({ subscribed: false });
    for (let i = 0; i < 2; i++) {
      const on = await act(network.networkEID, message.EID, 'subscribe', memberToken);
      expect(on.status, on.text).toBe(200);
      expect(on.body._user).toMatchObject({ subscribed: true });
    }
    for (let i = 0; i < 2; i++) {
      const off = await act(network.networkEID, message.EID, 'unsubscribe', memberToken);
      expect(off.status, off.text).toBe(200);
      expect(off.body._user).toMatchObject({ subscribed: false });
    }
  });

  it('records one activity event per comment for the subscribers but the commenter', async () => {
    const own = await newNetwork('Subscriptions events');
    const ownAdmin = await own.admin.token();
    const [follower, commenter, bystander] = await Promise.all([
      own.newMember(),
      own.newMember(),
      own.newMember(),
    ]);
    const message = await newMessage(own.networkEID, ownAdmin);
    expect((await act(own.networkEID, message.EID, 'subscribe', await follower.token())).status).toBe(200);
    const comment = await newComment(own.networkEID, message.EID, await commenter.token());
    expect(comment._user).toMatchObject({ subscribed: false }); // a comment takes no subscription
    const after = await call<MessageBody>(messagesPath(own.networkEID, `${message.EID}/`), {
      token: await commenter.token(),
    });
    expect(after.body._user).toMatchObject({ subscribed: true }); // commenting subscribes
    await newComment(own.networkEID, message.EID, ownAdmin);

    const reader = new EventReader();
    await reader.open();
    try {
      const events = await reader.eventsOf('events.messaging.message.activity_comment', own.networkEID, 2);
      expect(events).toHaveLength(2);
      const recipients = events.map((e) =>
        ((e.data as { recipients: { EID: string }[] }).recipients ?? []).map((r) => r.EID).sort(),
      );
      expect(recipients[0]).toEqual([own.admin.profileEID, follower.profileEID].sort());
      expect(recipients[1]).toEqual([follower.profileEID, commenter.profileEID].sort());
      expect(recipients.flat()).not.toContain(bystander.profileEID);
      expect(events[0]).toMatchObject({
        data: {
          alert: 'message_activity_comment',
          message: { EID: message.EID },
          comment: { EID: comment.EID },
        },
      });
    } finally {
      await reader.close();
    }
  });

  it('answers 400 for a comment, 404 across networks and for a hidden group’s message', async () => {
    const memberToken = await (await network.newMember()).token();
    const message = await newMessage(network.networkEID, adminToken);
    const comment = await newComment(network.networkEID, message.EID, adminToken);
    const onComment = await act(network.networkEID, comment.EID, 'subscribe', memberToken);
    expect(onComment.status).toBe(400);
    expect(onComment.body.code).toBe(-330);
    const other = await newNetwork('Subscriptions other');
    const foreign = await newMessage(other.networkEID, await other.admin.token());
    expect((await act(network.networkEID, foreign.EID, 'subscribe', memberToken)).status).toBe(404);
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const hidden = await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    expect((await act(network.networkEID, hidden.EID, 'subscribe', memberToken)).status).toBe(404);
    expect((await act(network.networkEID, hidden.EID, 'unsubscribe', memberToken)).status).toBe(404);
  });
});

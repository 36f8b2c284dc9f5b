/**
 * Event actions over HTTP: `rsvp` (answering again replaces the answer; counters right
 * under concurrent answers), `cancel` and `reinstate`, each only with the message permission of the
 * same name (403 otherwise; 409 for the wrong state; 400 on a message that is not an event), the
 * alert events (`rsvp`, `canceled` with `event_canceled` to a private event's invitees,
 * `reinstated`), `numUnrespondedEvents`, and 404 across tenants. Decisions: docs/decisions.md,
 * "Messaging: events and RSVP".
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { act } from '../../support/factories/actions.js';
import { newNetwork } from '../../support/factories/core.js';
import {
  eventOf,
  eventsSuite,
  hoursFromNow,
  newEvent,
  rsvp,
  unresponded,
} from '../../support/factories/events.js';
import { messagesPath, newMessage, type MessageBody } from '../../support/factories/messages.js';

const w = eventsSuite('Events RSVP');

describe('rsvp', () => {
  it('records the answer in _user, counts it, replaces it on a second answer', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    const first = await rsvp(w.network.networkEID, made.EID, w.otherToken, 'yes');
    expect(first.status, first.text).toBe(200);
    expect(eventOf(first.body).event.responderCounts).toEqual({ yes: 1, no: 0, maybe: 0 });
    expect(eventOf(first.body)._user).toMatchObject({ rsvp: 'yes' });
    const again = await rsvp(w.network.networkEID, made.EID, w.otherToken, 'yes');
    expect(eventOf(again.body).event.responderCounts).toEqual({ yes: 1, no: 0, maybe: 0 });
    const changed = await rsvp(w.network.networkEID, made.EID, w.otherToken, 'maybe');
    expect(eventOf(changed.body).event.responderCounts).toEqual({ yes: 0, no: 0, maybe: 1 });
    const byAuthor = await rsvp(w.network.networkEID, made.EID, w.authorToken, 'no');
    expect(eventOf(byAuthor.body).event.responderCounts).toEqual({ yes: 0, no: 1, maybe: 1 });
    expect(eventOf(byAuthor.body)._user.rsvp).toBe('no');
    const recorded = await w.recorded('rsvp', made.EID, 3);
    expect(recorded).toHaveLength(3);
    expect(recorded[1]).toMatchObject({ data: { rsvp: 'maybe', previous: 'yes' } });
  });

  it('keeps the counters right under concurrent answers and changes', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    const people = await Promise.all([1, 2, 3, 4].map(async () => (await w.network.newMember()).token()));
    const answers = ['yes', 'no', 'maybe'];
    await Promise.all(
      people.flatMap((token, i) =>
        [0, 1, 2].map((round) => rsvp(w.network.networkEID, made.EID, token, answers[(i + round) % 3]!)),
      ),
    );
    const mine = await Promise.all(
      people.map(async (token) =>
        eventOf(
          (await call<MessageBody>(messagesPath(w.network.networkEID, `${made.EID}/`), { token })).body,
        ),
      ),
    );
    const expected = { yes: 0, no: 0, maybe: 0 };
    for (const view of mine) expected[view._user.rsvp as 'yes' | 'no' | 'maybe'] += 1;
    expect(mine[0]!.event.responderCounts).toEqual(expected);
    expect(expected.yes + expected.no + expected.maybe).toBe(4);
  });

  it('403 without the permission (not invited to a private event); 409 on a canceled or ended event', async () => {
    const privateEvent = await newEvent(w.network.networkEID, w.authorToken, {
      invitees: [w.guest.profileEID],
    });
    const byAuthor = await rsvp(w.network.networkEID, privateEvent.EID, w.authorToken, 'yes');
    expect(byAuthor.status, byAuthor.text).toBe(403);
    expect(byAuthor.body.code).toBe(-381);
    const ended = await newEvent(w.network.networkEID, w.authorToken, {
      start: hoursFromNow(-3),
      end: hoursFromNow(-1),
    });
    expect(eventOf(ended)._user.permissions).toEqual(['like', 'cancel']);
    const late = await rsvp(w.network.networkEID, ended.EID, w.otherToken, 'yes');
    expect(late.status, late.text).toBe(409);
    expect(late.body.code).toBe(-387);
  });

  it('400 naming the field for a bad answer; 400 -380 on a message that is not an event', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    const bad = await rsvp(w.network.networkEID, made.EID, w.otherToken, 'perhaps');
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.errors?.map((e) => e.pointer)).toContain('/body/rsvp');
    const update = await newMessage(w.network.networkEID, w.authorToken);
    const notEvent = await rsvp(w.network.networkEID, update.EID, w.otherToken, 'yes');
    expect(notEvent.status, notEvent.text).toBe(400);
    expect(notEvent.body.code).toBe(-380);
  });
});

describe('cancel and reinstate', () => {
  it('the author cancels (event_canceled to the invitees), reinstates; twice is 409', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken, { invitees: [w.guest.profileEID] });
    const canceled = await act(w.network.networkEID, made.EID, 'cancel', w.authorToken);
    expect(canceled.status, canceled.text).toBe(200);
    expect(eventOf(canceled.body).event.canceled).toBe(true);
    expect(eventOf(canceled.body)._user.permissions).toEqual(['like', 'reinstate']);
    const seen = eventOf(
      (await call<MessageBody>(messagesPath(w.network.networkEID, `${made.EID}/`), { token: w.guestToken }))
        .body,
    );
    expect(seen).toMatchObject({ event: { canceled: true }, _user: { permissions: ['like'] } });
    expect((await rsvp(w.network.networkEID, made.EID, w.guestToken, 'yes')).status).toBe(409);
    const twice = await act(w.network.networkEID, made.EID, 'cancel', w.authorToken);
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body.code).toBe(-385);
    const [event] = await w.recorded('canceled', made.EID);
    expect(event).toMatchObject({
      actor: { type: 'user', EID: w.author.profileEID },
      data: { alert: 'event_canceled', recipients: [{ type: 'user', EID: w.guest.profileEID }] },
    });
    const reinstated = await act(w.network.networkEID, made.EID, 'reinstate', w.authorToken);
    expect(reinstated.status, reinstated.text).toBe(200);
    expect(eventOf(reinstated.body).event.canceled).toBe(false);
    expect(await w.recorded('reinstated', made.EID)).toHaveLength(1);
    const again = await act(w.network.networkEID, made.EID, 'reinstate', w.authorToken);
    expect(again.status, again.text).toBe(409);
    expect(again.body.code).toBe(-386);
  });

  it('403 without the permission: a reader, an invitee, a network administrator', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken, { invitees: [w.guest.profileEID] });
    const open = await newEvent(w.network.networkEID, w.authorToken);
    for (const [EID, token] of [
      [made.EID, w.guestToken],
      [open.EID, w.otherToken],
      [open.EID, w.adminToken],
    ] as const) {
      const cancel = await act(w.network.networkEID, EID, 'cancel', token);
      expect(cancel.status, cancel.text).toBe(403);
      expect(cancel.body.code).toBe(-382);
    }
    expect((await act(w.network.networkEID, open.EID, 'cancel', w.authorToken)).status).toBe(200);
    for (const token of [w.otherToken, w.adminToken]) {
      const reinstate = await act(w.network.networkEID, open.EID, 'reinstate', token);
      expect(reinstate.status, reinstate.text).toBe(403);
      expect(reinstate.body.code).toBe(-383);
    }
  });

  it('404 for another network, through either network, and for a private event’s outsider', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken, { invitees: [w.guest.profileEID] });
    const other = await newNetwork('Events RSVP other tenant');
    const stranger = await other.admin.token();
    for (const verb of ['cancel', 'reinstate']) {
      expect((await act(w.network.networkEID, made.EID, verb, stranger)).status).toBe(404);
      expect((await act(other.networkEID, made.EID, verb, stranger)).status).toBe(404);
      expect((await act(w.network.networkEID, made.EID, verb, w.otherToken)).status).toBe(404);
    }
    expect((await rsvp(other.networkEID, made.EID, stranger, 'yes')).status).toBe(404);
    expect((await rsvp(w.network.networkEID, made.EID, w.otherToken, 'yes')).status).toBe(404);
  });
});

describe('numUnrespondedEvents', () => {
  it('counts open invitations without an answer; not answered, canceled, ended or removed ones', async () => {
    const own = await newNetwork('Events badge');
    const [host, guest] = [await own.newMember(), await own.newMember()];
    const [hostToken, guestToken] = await Promise.all([host.token(), guest.token()]);
    expect(await unresponded(own.networkEID, guestToken)).toBe(0);
    const invite = (fields = {}) =>
      newEvent(own.networkEID, hostToken, { invitees: [guest.profileEID], ...fields });
    const [a, b, c, d] = [await invite(), await invite(), await invite(), await invite()];
    await invite({ start: hoursFromNow(-3), end: hoursFromNow(-1) });
    await newEvent(own.networkEID, hostToken); // public: no invitation
    expect(await unresponded(own.networkEID, guestToken)).toBe(4);
    expect(await unresponded(own.networkEID, hostToken)).toBe(0);
    expect((await rsvp(own.networkEID, a.EID, guestToken, 'no')).status).toBe(200);
    expect((await act(own.networkEID, b.EID, 'cancel', hostToken)).status).toBe(200);
    expect((await act(own.networkEID, c.EID, 'remove', hostToken)).status).toBe(204);
    expect(await unresponded(own.networkEID, guestToken)).toBe(1);
    expect((await act(own.networkEID, b.EID, 'reinstate', hostToken)).status).toBe(200);
    expect(await unresponded(own.networkEID, guestToken)).toBe(2);
    expect(d.EID).toBeDefined();
  });
});

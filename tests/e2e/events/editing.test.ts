/**
 * Editing an event over HTTP: `PUT …/messages/{messageEID}/` with `event` changes the
 * event object; a change of date/time, location or details (the body) records ONE event each
 * (`date_time_changed`, `location_changed`, `details_changed`, alerts `event_…`) naming the
 * invitees and responders (never the editor), and moves the event up its timeline with that
 * `bubble.reason`; -38 on an inverted range; `event` refused on another type. Decisions:
 * docs/decisions.md, "Messaging: events and RSVP".
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { editAs } from '../../support/factories/actions.js';
import type { Collection } from '../../support/factories/groups.js';
import { eventOf, eventsSuite, hoursFromNow, newEvent, rsvp } from '../../support/factories/events.js';
import { newMessage, timelinePath, type MessageBody } from '../../support/factories/messages.js';

const w = eventsSuite('Events editing');

const firstOnTimeline = async () => {
  const answer = await call<Collection<MessageBody>>(`${timelinePath(w.network.networkEID)}?limit=1`, {
    token: w.guestToken,
  });
  return answer.body._embedded.messages?.[0];
};

describe('editing an event', () => {
  it('date/time: alert to responders, bubbles with date_time_changed', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    expect((await rsvp(w.network.networkEID, made.EID, w.guestToken, 'yes')).status).toBe(200);
    await newMessage(w.network.networkEID, w.authorToken); // the event is no longer first
    const end = hoursFromNow(30);
    const edited = await editAs(w.network.networkEID, made.EID, w.authorToken, {
      htmlBody: '<p>Team meeting</p>',
      event: { end },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(Date.parse(eventOf(edited.body).event.end)).toBe(Date.parse(end));
    expect(edited.body.bubble).toMatchObject({ reason: 'date_time_changed' });
    expect(await firstOnTimeline()).toMatchObject({ EID: made.EID, bubble: { reason: 'date_time_changed' } });
    const [recorded] = await w.recorded('date_time_changed', made.EID);
    expect(recorded).toMatchObject({
      actor: { type: 'user', EID: w.author.profileEID },
      data: {
        alert: 'event_date_time_changed',
        recipients: [{ type: 'user', EID: w.guest.profileEID }],
        event: { end: expect.any(String) },
        previous: { end: made.event && (made.event as { end: string }).end },
      },
    });
    // Recorded in the same request before the alerts seen above: none of the other kinds.
    expect(await w.recorded('location_changed', made.EID, 0)).toEqual([]);
    expect(await w.recorded('details_changed', made.EID, 0)).toEqual([]);
  });

  it('location and details: one event each, to the invitees; a private event does not bubble', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken, { invitees: [w.guest.profileEID] });
    const edited = await editAs(w.network.networkEID, made.EID, w.authorToken, {
      htmlBody: '<p>Bring slides</p>',
      event: { location: 'Room 2' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(eventOf(edited.body).event.location).toBe('Room 2');
    // A private event is on no timeline: nothing moves up.
    expect(edited.body.bubble).toBeNull();
    for (const [verb, alert] of [
      ['location_changed', 'event_location_changed'],
      ['details_changed', 'event_details_changed'],
    ]) {
      const [recorded] = await w.recorded(verb!, made.EID);
      expect(recorded, verb).toMatchObject({
        data: { alert, recipients: [{ type: 'user', EID: w.guest.profileEID }] },
      });
    }
    expect(await w.recorded('date_time_changed', made.EID, 0)).toEqual([]);
  });

  it('location only, without the body: the body stays and only location_changed is recorded', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken, { invitees: [w.guest.profileEID] });
    const edited = await editAs(w.network.networkEID, made.EID, w.authorToken, {
      event: { location: 'Room 7' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(eventOf(edited.body).event.location).toBe('Room 7');
    expect(edited.body.htmlBody).toBe(made.htmlBody);
    expect(await w.recorded('location_changed', made.EID)).toHaveLength(1);
    // Recorded in the same request as the location's change: no other kind.
    expect(await w.recorded('details_changed', made.EID, 0)).toEqual([]);
    expect(await w.recorded('date_time_changed', made.EID, 0)).toEqual([]);
  });

  it('details only: bubbles a public event with details_changed', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    const edited = await editAs(w.network.networkEID, made.EID, w.authorToken, {
      htmlBody: '<p>New agenda</p>',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.bubble).toMatchObject({ reason: 'details_changed' });
    expect(await w.recorded('details_changed', made.EID)).toHaveLength(1);
  });

  it('-38 naming start and end on an inverted range; event refused on an update (400 naming it)', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    const inverted = await editAs(w.network.networkEID, made.EID, w.authorToken, {
      htmlBody: '<p>x</p>',
      event: { start: hoursFromNow(40) },
    });
    expect(inverted.status, inverted.text).toBe(400);
    expect(inverted.body.code).toBe(-38);
    expect(inverted.body.errors?.map((e) => e.pointer)).toEqual(['/body/event/start', '/body/event/end']);
    const update = await newMessage(w.network.networkEID, w.authorToken);
    const refused = await editAs(w.network.networkEID, update.EID, w.authorToken, {
      htmlBody: '<p>x</p>',
      event: { location: 'Room 3' },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors?.map((e) => e.pointer)).toContain('/body/event');
  });
});

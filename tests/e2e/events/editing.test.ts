/**
 * Editing an event (issue #11) over HTTP: `PUT …/messages/{messageEID}/` with `event` changes the
 * event object; a change of date/time, location or details (the body) records ONE event each
 * (`date_time_changed`, `location_changed`, `details_changed`, alerts `event_…`) naming the
 * invitees and responders (never the editor), and moves the event up its timeline with that
 * `bubble.reason`; -38 on an inverted range; `event` refused on another type. Decisions:
 * docs/decisions.md, "Messaging: events and RSVP".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { editAs } from '../../support/factories/actions.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import type { Collection } from '../../support/factories/groups.js';
import { eventOf, hoursFromNow, newEvent, rsvp } from '../../support/factories/events.js';
import { newMessage, timelinePath, type MessageBody } from '../../support/factories/messages.js';

const events = new EventReader();
afterAll(async () => {
  await events.close();
  await closeFactories();
});

let network: TestNetwork;
let author: TestPerson;
let responder: TestPerson;
let authorToken: string;
let responderToken: string;
beforeAll(async () => {
  await events.open();
  network = await newNetwork('Events editing');
  [author, responder] = [await network.newMember(), await network.newMember()];
  [authorToken, responderToken] = await Promise.all([author.token(), responder.token()]);
});

/** The events `verb` of the event `EID` (`count` 0: what is there now, without waiting). */
const recordedFor = async (verb: string, EID: string, count = 1) =>
  (await events.eventsOf(`events.messaging.message.${verb}`, network.networkEID, count)).filter(
    (e) => (e.data as { message: { EID: string } }).message.EID === EID,
  );
const firstOnTimeline = async () => {
  const answer = await call<Collection<MessageBody>>(`${timelinePath(network.networkEID)}?limit=1`, {
    token: responderToken,
  });
  return answer.body._embedded.messages?.[0];
};

describe('editing an event', () => {
  it('date/time: alert to responders, bubbles with date_time_changed', async () => {
    const made = await newEvent(network.networkEID, authorToken);
    expect((await rsvp(network.networkEID, made.EID, responderToken, 'yes')).status).toBe(200);
    await newMessage(network.networkEID, authorToken); // the event is no longer first
    const end = hoursFromNow(30);
    const edited = await editAs(network.networkEID, made.EID, authorToken, {
      htmlBody: '<p>Team meeting</p>',
      event: { end },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(Date.parse(eventOf(edited.body).event.end)).toBe(Date.parse(end));
    expect(edited.body.bubble).toMatchObject({ reason: 'date_time_changed' });
    expect(await firstOnTimeline()).toMatchObject({ EID: made.EID, bubble: { reason: 'date_time_changed' } });
    const [recorded] = await recordedFor('date_time_changed', made.EID);
    expect(recorded).toMatchObject({
      actor: { type: 'user', EID: author.profileEID },
      data: {
        alert: 'event_date_time_changed',
        recipients: [{ type: 'user', EID: responder.profileEID }],
        event: { end: expect.any(String) },
        previous: { end: made.event && (made.event as { end: string }).end },
      },
    });
    // Recorded in the same request before the alerts seen above: none of the other kinds.
    expect(await recordedFor('location_changed', made.EID, 0)).toEqual([]);
    expect(await recordedFor('details_changed', made.EID, 0)).toEqual([]);
  });

  it('location and details: one event each, to the invitees; a private event does not bubble', async () => {
    const made = await newEvent(network.networkEID, authorToken, { invitees: [responder.profileEID] });
    const edited = await editAs(network.networkEID, made.EID, authorToken, {
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
      const [recorded] = await recordedFor(verb!, made.EID);
      expect(recorded, verb).toMatchObject({
        data: { alert, recipients: [{ type: 'user', EID: responder.profileEID }] },
      });
    }
    expect(await recordedFor('date_time_changed', made.EID, 0)).toEqual([]);
  });

  it('details only: bubbles a public event with details_changed', async () => {
    const made = await newEvent(network.networkEID, authorToken);
    const edited = await editAs(network.networkEID, made.EID, authorToken, { htmlBody: '<p>New agenda</p>' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.bubble).toMatchObject({ reason: 'details_changed' });
    expect(await recordedFor('details_changed', made.EID)).toHaveLength(1);
  });

  it('-38 naming start and end on an inverted range; event refused on an update (400 naming it)', async () => {
    const made = await newEvent(network.networkEID, authorToken);
    const inverted = await editAs(network.networkEID, made.EID, authorToken, {
      htmlBody: '<p>x</p>',
      event: { start: hoursFromNow(40) },
    });
    expect(inverted.status, inverted.text).toBe(400);
    expect(inverted.body.code).toBe(-38);
    expect(inverted.body.errors?.map((e) => e.pointer)).toEqual(['/body/event/start', '/body/event/end']);
    const update = await newMessage(network.networkEID, authorToken);
    const refused = await editAs(network.networkEID, update.EID, authorToken, {
      htmlBody: '<p>x</p>',
      event: { location: 'Room 3' },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors?.map((e) => e.pointer)).toContain('/body/event');
  });
});

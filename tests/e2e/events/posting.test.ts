/**
 * Events over HTTP: posting a message of type `event` with its event object, -38 on an
 * inverted range, the event object required (and taken by no other type), private events read by
 * their author and invitees only (404 for others, on no timeline) with ONE `invited` event naming
 * the invitees, the 1.4.8 gate from the side of calendar events, and `event` never postable on a
 * profile. Decisions: docs/decisions.md, "Messaging: events and RSVP".
 */
import { describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { newNetwork, uniqueSuffix } from '../../support/factories/core.js';
import { newGroup, type Collection } from '../../support/factories/groups.js';
import { eventOf, eventsSuite, hoursFromNow, newEvent, postEvent } from '../../support/factories/events.js';
import {
  groupTimelinePath,
  messagesPath,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';

const w = eventsSuite('Events posting');

const getAs = (EID: string, token: string, accept?: string) =>
  call<MessageBody>(messagesPath(w.network.networkEID, `${EID}/`), { token, ...(accept ? { accept } : {}) });
const timelineEIDs = async (path: string, token: string) => {
  const answer = await call<Collection<MessageBody>>(`${path}?limit=50`, { token });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body._embedded.messages ?? []).map((m) => m.EID);
};

describe('posting an event', () => {
  it('stores the event object with read-only canceled and responderCounts; on the timeline', async () => {
    const start = hoursFromNow(48);
    const end = hoursFromNow(50);
    const made = await postEvent(w.network.networkEID, w.authorToken, {
      start,
      end,
      allDay: true,
      location: 'Hall',
    });
    expect(made.status, made.text).toBe(201);
    const body = eventOf(made.body);
    expect(body).toMatchObject({ type: 'event', htmlBody: '<p>Team meeting</p>' });
    expect(body.event).toEqual({
      start: expect.any(String),
      end: expect.any(String),
      allDay: true,
      location: 'Hall',
      private: false,
      invitees: [],
      canceled: false,
      responderCounts: { yes: 0, no: 0, maybe: 0 },
    });
    expect(Date.parse(body.event.start)).toBe(Date.parse(start));
    expect(Date.parse(body.event.end)).toBe(Date.parse(end));
    expect(body._user).toMatchObject({ rsvp: null, permissions: ['like', 'rsvp', 'cancel'] });
    expect(body._links.self).toBeDefined();
    expect(body._links.timeline).toBeDefined();
    const read = eventOf((await getAs(body.EID, w.otherToken)).body);
    expect(read._user).toMatchObject({ rsvp: null, permissions: ['like', 'rsvp'] });
    expect(await timelineEIDs(timelinePath(w.network.networkEID), w.otherToken)).toContain(body.EID);
  });

  it('takes group, reactable; an update’s _user lists like only', async () => {
    const group = await newGroup(w.network.networkEID, w.authorToken);
    const made = await newEvent(
      w.network.networkEID,
      w.authorToken,
      {},
      {
        group: { type: 'group', EID: group.EID },
        reactable: false,
      },
    );
    expect(made).toMatchObject({ group: { EID: group.EID }, reactable: false });
    expect(eventOf(made)._user.permissions).toEqual(['rsvp', 'cancel']);
    expect(await timelineEIDs(groupTimelinePath(w.network.networkEID, group.EID), w.authorToken)).toContain(
      made.EID,
    );
    const update = await call<MessageBody>(messagesPath(w.network.networkEID), {
      token: w.authorToken,
      json: { type: 'update', htmlBody: '<p>u</p>' },
    });
    expect(update.body._user).toMatchObject({ permissions: ['like'] });
    expect(update.body).not.toHaveProperty('event');
  });

  it('answers -38 naming start and end when end is before start', async () => {
    const answer = await postEvent(w.network.networkEID, w.authorToken, {
      start: hoursFromNow(5),
      end: hoursFromNow(4),
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body.code).toBe(-38);
    expect(answer.body.errors?.map((e) => e.pointer)).toEqual(['/body/event/start', '/body/event/end']);
  });

  it('needs the event object; refuses it on another type; refuses a malformed time (400 naming the field)', async () => {
    const cases: [Record<string, unknown>, string, number | undefined][] = [
      [{ type: 'event', htmlBody: '<p>x</p>' }, '/body/event', -384],
      [
        { type: 'update', htmlBody: '<p>x</p>', event: { start: hoursFromNow(1), end: hoursFromNow(2) } },
        '/body/event',
        undefined,
      ],
      [
        { type: 'event', htmlBody: '<p>x</p>', event: { start: 'tomorrow', end: hoursFromNow(2) } },
        '/body/event/start',
        undefined,
      ],
      [{ type: 'event', htmlBody: '<p>x</p>', event: { start: hoursFromNow(1) } }, '/body/event', undefined],
    ];
    for (const [json, pointer, code] of cases) {
      const answer = await call<MessageBody>(messagesPath(w.network.networkEID), {
        token: w.authorToken,
        json,
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors?.map((e) => e.pointer).join(' '), answer.text).toContain(pointer);
      if (code !== undefined) expect(answer.body.code).toBe(code);
    }
  });

  it('is never postable on a profile (403 -312 naming /body/type)', async () => {
    const answer = await postEvent(
      w.network.networkEID,
      w.authorToken,
      {},
      {
        profile: { type: 'user', EID: w.guest.profileEID },
      },
    );
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body.code).toBe(-312);
    expect(answer.body.errors?.map((e) => e.pointer)).toContain('/body/type');
  });
});

describe('private events', () => {
  it('are read by the author and the invitees only, on no timeline; invitations are one event', async () => {
    const word = `privatevent${uniqueSuffix()}`;
    const made = await newEvent(
      w.network.networkEID,
      w.authorToken,
      { invitees: [w.guest.profileEID] },
      { htmlBody: `<p>Secret ${word}</p>` },
    );
    const body = eventOf(made);
    expect(body.event).toMatchObject({
      private: true,
      invitees: [{ type: 'user', EID: w.guest.profileEID }],
    });
    expect(body._user.permissions).toEqual(['like', 'cancel']);
    // On no timeline: no link to one (a public event has `timeline`, above).
    expect(body._links.timeline).toBeUndefined();
    expect(body._links.groupTimeline).toBeUndefined();
    const asInvitee = await getAs(made.EID, w.guestToken);
    expect(asInvitee.status, asInvitee.text).toBe(200);
    expect(eventOf(asInvitee.body)._user).toMatchObject({ rsvp: null, permissions: ['like', 'rsvp'] });
    expect((await getAs(made.EID, w.otherToken)).status).toBe(404);
    expect((await getAs(made.EID, await w.network.admin.token())).status).toBe(404);
    expect(await timelineEIDs(timelinePath(w.network.networkEID), w.guestToken)).not.toContain(made.EID);
    const found = async (token: string) => {
      const answer = await call<Collection<MessageBody>>(
        `/networks/${w.network.networkEID}/search/?q=${word}`,
        {
          token,
        },
      );
      expect(answer.status, answer.text).toBe(200);
      return (answer.body._embedded.results ?? []).map((m) => m.EID);
    };
    expect(await found(w.guestToken)).toEqual([made.EID]);
    expect(await found(w.otherToken)).toEqual([]);
    const [invited] = await w.recorded('invited', made.EID);
    expect(invited).toMatchObject({
      actor: { type: 'user', EID: w.author.profileEID },
      data: {
        alert: 'event_invitation',
        message: { type: 'event', EID: made.EID },
        recipients: [{ type: 'user', EID: w.guest.profileEID }],
      },
    });
  });

  it('are neither moved nor shared onto a timeline (400 -332)', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken, { invitees: [w.guest.profileEID] });
    for (const [verb, json] of [
      ['move', { group: null }],
      ['share', { htmlBody: '<p>Look</p>' }],
    ] as const) {
      const answer = await call<MessageBody>(messagesPath(w.network.networkEID, `${made.EID}/${verb}`), {
        token: w.authorToken,
        json,
      });
      expect(answer.status, `${verb} ${answer.text}`).toBe(400);
      expect(answer.body.code).toBe(-332);
    }
  });

  it('refuses an invitee who is not a member (400 naming the item)', async () => {
    const outsider = await newNetwork('Events outsider');
    const answer = await postEvent(w.network.networkEID, w.authorToken, {
      invitees: [w.guest.profileEID, outsider.admin.profileEID],
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors?.map((e) => e.pointer)).toEqual(['/body/event/invitees/1/EID']);
  });

  it('another network’s administrator gets 404, through either network', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    const other = await newNetwork('Events other tenant');
    const stranger = await other.admin.token();
    expect((await getAs(made.EID, stranger)).status).toBe(404);
    const viaOwn = await call(messagesPath(other.networkEID, `${made.EID}/`), { token: stranger });
    expect(viaOwn.status).toBe(404);
  });
});

describe('the 1.4.8 gate from the side of calendar events', () => {
  const OLD = mediaType('1.4.7');
  it('an old client posting `event` gets an announcement; a current one a calendar event', async () => {
    const admin = await w.network.admin.token();
    const old = await call<MessageBody>(messagesPath(w.network.networkEID), {
      token: admin,
      accept: OLD,
      json: { type: 'event', htmlBody: '<p>Old event</p>' },
    });
    expect(old.status, old.text).toBe(201);
    expect(old.body.type).toBe('event');
    expect(old.body).not.toHaveProperty('event');
    expect((await getAs(old.body.EID, admin)).body.type).toBe('announcement');
    const current = await postEvent(w.network.networkEID, admin);
    expect(current.status, current.text).toBe(201);
    expect(eventOf(current.body)).toMatchObject({ type: 'event', event: { canceled: false } });
  });

  it('an old client reads a calendar event as `event` with its event object', async () => {
    const made = await newEvent(w.network.networkEID, w.authorToken);
    const old = await getAs(made.EID, w.otherToken, OLD);
    expect(old.status, old.text).toBe(200);
    expect(old.body).toMatchObject({ type: 'event', event: { location: 'Room 1', canceled: false } });
  });
});

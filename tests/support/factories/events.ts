/**
 * Events factories: an event posted over HTTP, the event actions, and times relative
 * to now.
 */
import { call, type ApiResponse } from '../api.js';
import { afterAll, beforeAll } from 'vitest';
import { EventReader } from '../events.js';
import { closeFactories, newNetwork } from './core.js';
import { messagesPath, type MessageBody } from './messages.js';

/** An ISO time `hours` from now. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export interface EventFields {
  start?: string;
  end?: string;
  allDay?: boolean;
  location?: string | null;
  invitees?: string[];
}

/** The create body of an event (tomorrow, one hour) with `fields` over it. */
export function eventBody(fields: EventFields = {}, extra: Record<string, unknown> = {}) {
  const { invitees, ...event } = fields;
  return {
    type: 'event',
    htmlBody: '<p>Team meeting</p>',
    event: {
      start: hoursFromNow(24),
      end: hoursFromNow(25),
      location: 'Room 1',
      ...event,
      ...(invitees ? { invitees: invitees.map((EID) => ({ type: 'user', EID })) } : {}),
    },
    ...extra,
  };
}

/** `POST …/messages/` of an event as `token` (the answer, whatever it is). */
export function postEvent(
  networkEID: string,
  token: string,
  fields: EventFields = {},
  extra: Record<string, unknown> = {},
  accept?: string,
): Promise<ApiResponse<MessageBody>> {
  return call<MessageBody>(messagesPath(networkEID), {
    token,
    json: eventBody(fields, extra),
    ...(accept ? { accept } : {}),
  });
}

/** Posts an event and fails unless 201. */
export async function newEvent(
  networkEID: string,
  token: string,
  fields: EventFields = {},
  extra: Record<string, unknown> = {},
): Promise<MessageBody> {
  const answer = await postEvent(networkEID, token, fields, extra);
  if (answer.status !== 201) throw new Error(`event: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** `POST …/messages/{messageEID}/rsvp` as `token`. */
export function rsvp(networkEID: string, messageEID: string, token: string, answer: string) {
  return call<MessageBody>(messagesPath(networkEID, `${messageEID}/rsvp`), {
    token,
    json: { rsvp: answer },
  });
}

/** The caller's `_user` and the event object of a message. */
export interface EventView {
  event: {
    start: string;
    end: string;
    allDay: boolean;
    location: string | null;
    private: boolean;
    invitees: { type: string; EID: string }[];
    canceled: boolean;
    responderCounts: { yes: number; no: number; maybe: number };
  };
  _user: { rsvp?: string | null; permissions: string[] };
}

export const eventOf = (body: MessageBody) => body as unknown as MessageBody & EventView;

/** `GET /networks/{networkEID}/badgecounters/` → `numUnrespondedEvents`. */
export async function unresponded(networkEID: string, token: string): Promise<number> {
  const answer = await call<{ numUnrespondedEvents: number }>(`/networks/${networkEID}/badgecounters/`, {
    token,
  });
  if (answer.status !== 200) throw new Error(`badgecounters: ${answer.status} ${answer.text}`);
  return answer.body.numUnrespondedEvents;
}

/** A network for events tests: an author, a guest, another member and the administrator, with tokens. */
export async function eventsWorld(name: string) {
  const network = await newNetwork(name);
  const [author, guest, other] = [
    await network.newMember(),
    await network.newMember(),
    await network.newMember(),
  ];
  const [authorToken, guestToken, otherToken, adminToken] = await Promise.all([
    author.token(),
    guest.token(),
    other.token(),
    network.admin.token(),
  ]);
  return { network, author, guest, authorToken, guestToken, otherToken, adminToken };
}

/** The domain events `events.messaging.message.<verb>` about the message `EID` (`count` 0: no wait). */
export async function recordedAbout(
  reader: EventReader,
  networkEID: string,
  verb: string,
  EID: string,
  count = 1,
) {
  const found = await reader.eventsOf(`events.messaging.message.${verb}`, networkEID, count);
  return found.filter((e) => (e.data as { message: { EID: string } }).message.EID === EID);
}

export type EventsWorld = Awaited<ReturnType<typeof eventsWorld>>;

/**
 * Registers the hooks of an events test file: a world filled before its tests (`eventsWorld`) and
 * a domain-event reader, both closed after them.
 */
export function eventsSuite(name: string) {
  const reader = new EventReader();
  /** The domain events `verb` about the message `EID` in the world's network (`count` 0: no wait). */
  const recorded = (verb: string, EID: string, count = 1) =>
    recordedAbout(reader, world.network.networkEID, verb, EID, count);
  const world = { events: reader, recorded } as EventsWorld & {
    readonly events: EventReader;
    readonly recorded: typeof recorded;
  };
  beforeAll(async () => {
    await reader.open();
    Object.assign(world, await eventsWorld(name));
  });
  afterAll(async () => {
    await reader.close();
    await closeFactories();
  });
  return world;
}

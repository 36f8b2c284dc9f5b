/**
 * Journeys (spec "Journeys", Journey row): network administrators create, read, edit and
 * launch journeys (others: 403); participants read the journeys they take part in, others get 404;
 * `embed=recipients` / `embed=journeys.recipients` with their bracketed `limit`/`offset`; the
 * 2025.3.0 gate on `_meta`. Decisions: docs/decisions.md, "Messaging: journeys".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { addMember, newGroup } from '../../support/factories/groups.js';
import {
  group,
  journeyPath,
  journeysPath,
  launch,
  messageStep,
  newJourney,
  user,
  type JourneyBody,
} from '../../support/factories/journeys.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let member: TestPerson;
let memberToken: string;

beforeAll(async () => {
  network = await newNetwork('Journeys');
  adminToken = await network.admin.token();
  member = await network.newMember();
  memberToken = await member.token();
});

interface JourneyPage {
  total: number;
  _embedded: { journeys: JourneyBody[] };
}

describe('journeys', () => {
  it('lets a network administrator create a draft journey, not a member (403)', async () => {
    const created = await call<JourneyBody>(journeysPath(network.networkEID), {
      token: adminToken,
      json: { name: 'Welcome', description: 'First week', steps: [messageStep('Hello')] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      type: 'journey',
      name: 'Welcome',
      description: 'First week',
      status: 'draft',
      failureReason: null,
      launchedBy: null,
      steps: [{ kind: 'message', text: 'Hello' }],
    });
    expect(created.body._links.self?.href).toContain(`/journeys/${created.body.EID}`);
    expect(created.headers.get('location')).toContain(`/journeys/${created.body.EID}`);
    const denied = await call<JourneyBody>(journeysPath(network.networkEID), {
      token: memberToken,
      json: { name: 'Mine' },
    });
    expect(denied.status, denied.text).toBe(403);
    expect(denied.body.code).toBe(-461);
  });

  it('answers 400 naming the field for a bad body or an unknown recipient', async () => {
    const noName = await call<JourneyBody>(journeysPath(network.networkEID), {
      token: adminToken,
      json: { description: 'x' },
    });
    expect(noName.status).toBe(400);
    expect(noName.headers.get('content-type')).toContain('problem+json');
    const stranger = await call<JourneyBody>(journeysPath(network.networkEID), {
      token: adminToken,
      json: { name: 'J', recipients: [user(member.profileEID), user('f'.repeat(24))] },
    });
    expect(stranger.status, stranger.text).toBe(400);
    expect(stranger.body.code).toBe(-469);
    expect(stranger.body.errors?.[0]?.pointer).toBe('/body/recipients/1/EID');
  });

  it('edits name any time, steps and recipients only before launch (409 after)', async () => {
    const journey = await newJourney(network.networkEID, adminToken, {
      recipients: [user(member.profileEID)],
      steps: [messageStep()],
    });
    const put = (token: string, json: unknown) =>
      call<JourneyBody>(journeyPath(network.networkEID, journey.EID), { token, method: 'PUT', json });
    const denied = await put(memberToken, { name: 'No' });
    expect(denied.status).toBe(403);
    const renamed = await put(adminToken, {
      name: 'Renamed',
      steps: [messageStep('One'), messageStep('Two')],
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe('Renamed');
    expect(renamed.body.steps.map((s) => s.text)).toEqual(['One', 'Two']);
    expect((await launch(network.networkEID, journey.EID, adminToken)).body.status).toBe('active');
    const late = await put(adminToken, { steps: [messageStep()] });
    expect(late.status, late.text).toBe(409);
    expect(late.body.code).toBe(-462);
    expect((await put(adminToken, { description: 'Still editable' })).status).toBe(200);
    const again = await launch(network.networkEID, journey.EID, adminToken);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(-463);
  });

  it('shows participants the journeys they take part in; others get 404', async () => {
    const outsider = await network.newMember();
    const outsiderToken = await outsider.token();
    const team = await newGroup(network.networkEID, adminToken);
    await addMember(network.networkEID, team.EID, adminToken, member.profileEID);
    const journey = await newJourney(network.networkEID, adminToken, {
      recipients: [group(team.EID)],
      steps: [messageStep()],
    });
    // A draft has no participants yet.
    expect((await call(journeyPath(network.networkEID, journey.EID), { token: memberToken })).status).toBe(
      404,
    );
    const launched = await launch(network.networkEID, journey.EID, adminToken, '?fields=_meta');
    expect(launched.status, launched.text).toBe(200);
    expect(launched.body.status).toBe('active');
    expect(launched.body.launchedBy).toEqual(user(network.admin.profileEID));
    // The group's members: the member, and the admin who created the group.
    expect(launched.body._meta?.numParticipants).toBe(2);
    const read = await call<JourneyBody>(journeyPath(network.networkEID, journey.EID), {
      token: memberToken,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body.name).toBe(journey.name);
    const hidden = await call<JourneyBody>(journeyPath(network.networkEID, journey.EID), {
      token: outsiderToken,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe(-460);
    const mine = await call<JourneyPage>(journeysPath(network.networkEID), { token: memberToken });
    expect(mine.body._embedded.journeys.map((j) => j.EID)).toContain(journey.EID);
    const theirs = await call<JourneyPage>(journeysPath(network.networkEID), { token: outsiderToken });
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(0);
  });
});

describe('recipients embedded and paged', () => {
  let journey: JourneyBody;
  let own: TestNetwork;
  let token: string;
  const people: string[] = [];

  beforeAll(async () => {
    own = await newNetwork('Journeys paging');
    token = await own.admin.token();
    for (let i = 0; i < 3; i += 1) people.push((await own.newMember()).profileEID);
    journey = await newJourney(own.networkEID, token, { recipients: people.map(user) });
  });

  it('pages a single journey’s recipients with limit[recipients] and offset[recipients]', async () => {
    const page = await call<JourneyBody>(
      `${journeyPath(own.networkEID, journey.EID)}?embed=recipients&limit[recipients]=2&offset[recipients]=1`,
      { token },
    );
    expect(page.status, page.text).toBe(200);
    expect(page.body._embedded?.recipients?.map((r) => r.EID)).toEqual(people.slice(1, 3));
    const none = await call<JourneyBody>(journeyPath(own.networkEID, journey.EID), { token });
    expect(none.body._embedded?.recipients).toBeUndefined();
  });

  it('pages each journey’s recipients in the collection with the journeys.recipients parameters', async () => {
    const page = await call<JourneyPage>(
      `${journeysPath(own.networkEID)}?embed=journeys.recipients&limit[journeys.recipients]=1&offset[journeys.recipients]=2`,
      { token },
    );
    expect(page.status, page.text).toBe(200);
    const [only] = page.body._embedded.journeys;
    expect(only?._embedded?.recipients?.map((r) => r.EID)).toEqual([people[2]]);
  });

  it('answers 400 naming a bad bracketed parameter', async () => {
    for (const query of ['limit[recipients]=0', 'offset[recipients]=-1', 'limit[recipients]=abc']) {
      const bad = await call<JourneyBody>(`${journeyPath(own.networkEID, journey.EID)}?${query}`, {
        token,
      });
      expect(bad.status, query).toBe(400);
      expect(JSON.stringify(bad.body.errors)).toContain(query.split('=')[0]!);
    }
    const bad = await call<JourneyBody>(`${journeysPath(own.networkEID)}?limit[journeys.recipients]=0`, {
      token,
    });
    expect(bad.status).toBe(400);
  });
});

describe('gate 2025.3.0: `_meta` only when whitelisted', () => {
  it('returns _meta always before 2025.3.0 and only with fields=_meta from it', async () => {
    const journey = await newJourney(network.networkEID, adminToken, { steps: [messageStep()] });
    const path = journeyPath(network.networkEID, journey.EID);
    const before = await call<JourneyBody>(path, { token: adminToken, accept: mediaType('2025.2.99') });
    expect(before.status, before.text).toBe(200);
    expect(before.body._meta).toEqual({ numSteps: 1, numQuestions: 0, numRecipients: 0, numParticipants: 0 });
    const from = await call<JourneyBody>(path, { token: adminToken, accept: mediaType('2025.3.0') });
    expect(from.body._meta).toBeUndefined();
    const whitelisted = await call<JourneyBody>(`${path}?fields=_meta`, {
      token: adminToken,
      accept: mediaType('2025.3.0'),
    });
    expect(whitelisted.body._meta?.numSteps).toBe(1);
    const list = await call<JourneyPage>(journeysPath(network.networkEID), { token: adminToken });
    expect(list.body._embedded.journeys[0]?._meta).toBeUndefined();
    // `fields` is the whitelist of every resource route: a default property named changes nothing;
    // `_meta` stays out unless named, and a malformed list is refused.
    const plain = await call<JourneyBody>(`${path}?fields=name`, { token: adminToken });
    expect([plain.status, plain.body._meta]).toEqual([200, undefined]);
    const bad = await call(`${path}?fields=name,`, { token: adminToken });
    expect(bad.status).toBe(400);
  });
});

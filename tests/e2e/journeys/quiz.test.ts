/**
 * Journeys (spec "Journeys"): question steps (`POST …/questions/`), a participant's
 * choices submitted once (`POST …/steps/questions/{stepEID}/submit`: 409 the second time, 400
 * naming a choice not of the step, 404 for a non-participant), and the administrators' export of
 * the participants with their quiz results (`GET …/participants/`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  journeyPath,
  launch,
  launchedQuiz,
  messageStep,
  newJourney,
  quizQuestion,
  submit,
  user,
  type JourneyBody,
} from '../../support/factories/journeys.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Journey quiz');
  adminToken = await network.admin.token();
});

interface ParticipantPage {
  total: number;
  _embedded: {
    participants: { user: { EID: string }; quiz: { correct: number; answered: number; total: number } }[];
  };
}

describe('question steps', () => {
  it('appends a question step (admins only, before launch), correct choices shown to admins', async () => {
    const journey = await newJourney(network.networkEID, adminToken, {
      steps: [messageStep()],
      recipients: [user(network.admin.profileEID)],
    });
    const path = journeyPath(network.networkEID, journey.EID, '/questions/');
    const added = await call<JourneyBody>(path, { token: adminToken, json: quizQuestion('Q1') });
    expect(added.status, added.text).toBe(201);
    const step = added.body.steps[1]!;
    expect(step).toMatchObject({ kind: 'question', text: 'Q1', multiple: false });
    expect(step.choices?.map((c) => c.correct)).toEqual([false, true, false]);
    const member = await network.newMember();
    const denied = await call<JourneyBody>(path, { token: await member.token(), json: quizQuestion() });
    expect(denied.status).toBe(403);
    const twoCorrect = await call<JourneyBody>(path, {
      token: adminToken,
      json: {
        text: 'Q',
        choices: [
          { text: 'A', correct: true },
          { text: 'B', correct: true },
        ],
      },
    });
    expect(twoCorrect.status, twoCorrect.text).toBe(400);
    expect(twoCorrect.body.code).toBe(-465);
    const repeated = await call<JourneyBody>(path, {
      token: adminToken,
      json: { text: 'Q', choices: [{ text: 'A' }, { text: 'a' }] },
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors?.[0]?.pointer).toBe('/body/choices/1/text');
    const oneChoice = await call<JourneyBody>(path, { token: adminToken, json: { text: 'Q', choices: [] } });
    expect(oneChoice.status).toBe(400);
    expect((await launch(network.networkEID, journey.EID, adminToken)).body.status).toBe('active');
    const late = await call<JourneyBody>(path, { token: adminToken, json: quizQuestion() });
    expect(late.status, late.text).toBe(409);
    expect(late.body.code).toBe(-462);
  });
});

describe('submitting and the participant export', () => {
  it('takes a participant’s choices once, checks them, and exports quiz results to admins', async () => {
    const [alice, bob, outsider] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember(),
    ]);
    const [aliceToken, bobToken] = await Promise.all([alice.token(), bob.token()]);
    const journey = await launchedQuiz(network.networkEID, adminToken, [
      user(alice.profileEID),
      user(bob.profileEID),
    ]);
    const question = journey.steps[1]!;
    const [wrong, right] = question.choices!.map((c) => c.EID) as [string, string];
    // Participants do not see which choice is correct.
    const read = await call<JourneyBody>(journeyPath(network.networkEID, journey.EID), { token: aliceToken });
    expect(read.body.steps[1]?.choices?.[0]).not.toHaveProperty('correct');

    const stranger = await submit(network.networkEID, journey.EID, question.EID, aliceToken, [
      'a'.repeat(24),
    ]);
    expect(stranger.status, stranger.text).toBe(400);
    expect(stranger.body.code).toBe(-466);
    expect(stranger.body.errors?.[0]?.pointer).toBe('/body/choices/0');
    const two = await submit(network.networkEID, journey.EID, question.EID, aliceToken, [wrong, right]);
    expect(two.status).toBe(400);
    expect(two.body.code).toBe(-470);

    const first = await submit(network.networkEID, journey.EID, question.EID, aliceToken, [right]);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ type: 'journey_submission', correct: true, choices: [right] });
    const again = await submit(network.networkEID, journey.EID, question.EID, aliceToken, [wrong]);
    expect(again.status, again.text).toBe(409);
    expect(again.body.code).toBe(-467);
    expect((await submit(network.networkEID, journey.EID, question.EID, bobToken, [wrong])).status).toBe(201);

    const notMine = await submit(network.networkEID, journey.EID, question.EID, await outsider.token(), [
      right,
    ]);
    expect(notMine.status).toBe(404);
    expect(notMine.body.code).toBe(-468);
    const messageStepSubmit = await submit(
      network.networkEID,
      journey.EID,
      journey.steps[0]!.EID,
      aliceToken,
      [right],
    );
    expect(messageStepSubmit.status).toBe(404);
    expect(messageStepSubmit.body.code).toBe(-464);

    const exportPath = journeyPath(network.networkEID, journey.EID, '/participants/');
    const exported = await call<ParticipantPage>(exportPath, { token: adminToken });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.total).toBe(2);
    const results = Object.fromEntries(exported.body._embedded.participants.map((p) => [p.user.EID, p.quiz]));
    expect(results).toEqual({
      [alice.profileEID]: { correct: 1, answered: 1, total: 1 },
      [bob.profileEID]: { correct: 0, answered: 1, total: 1 },
    });
    expect((await call(exportPath, { token: aliceToken })).status).toBe(403);
  });
});

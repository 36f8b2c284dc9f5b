/**
 * Journeys (spec "Journeys", Events `journey_failed_to_launch`): a launch without steps
 * or without anyone to send it to fails: the journey is `failed` with its reason, and the launcher
 * receives the alert `journey_failed_to_launch` (read back through `GET /networks/{n}/alerts/`).
 * A failed journey is edited and launched again. Another network's administrator gets 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { waitForAlert } from '../../support/factories/notifications.js';
import {
  journeyPath,
  journeysPath,
  launch,
  messageStep,
  newJourney,
  submit,
  user,
  type JourneyBody,
} from '../../support/factories/journeys.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Journey launch');
  adminToken = await network.admin.token();
});

describe('a launch that fails', () => {
  it('marks a journey without steps failed and alerts the launcher', async () => {
    const launcher = await network.newMember({ role: 'admin' });
    const launcherToken = await launcher.token();
    const member = await network.newMember();
    const journey = await newJourney(network.networkEID, adminToken, {
      recipients: [user(member.profileEID)],
    });
    const failed = await launch(network.networkEID, journey.EID, launcherToken);
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'no_steps' });
    const alert = await waitForAlert(
      network.networkEID,
      launcherToken,
      'journey_failed_to_launch',
      journey.EID,
    );
    expect(alert).toMatchObject({
      category: 'system',
      subject: { type: 'journey', EID: journey.EID },
      originators: [user(launcher.profileEID)],
    });
    // The author who did not launch it is not alerted.
    const authorAlert = await call<{ _embedded: { alerts: { alertType: string }[] } }>(
      `/networks/${network.networkEID}/alerts/?limit=100`,
      { token: adminToken },
    );
    expect(authorAlert.body._embedded.alerts.map((a) => a.alertType)).not.toContain(
      'journey_failed_to_launch',
    );

    // Edited, it launches.
    const fixed = await call<JourneyBody>(journeyPath(network.networkEID, journey.EID), {
      token: adminToken,
      method: 'PUT',
      json: { steps: [messageStep()] },
    });
    expect(fixed.status, fixed.text).toBe(200);
    const relaunched = await launch(network.networkEID, journey.EID, launcherToken);
    expect(relaunched.body).toMatchObject({ status: 'active', failureReason: null });
  });

  it('fails a journey no recipient of which resolves to an active member', async () => {
    const leaver = await network.newMember();
    const journey = await newJourney(network.networkEID, adminToken, {
      recipients: [user(leaver.profileEID)],
      steps: [messageStep()],
    });
    await leaver.suspend();
    const failed = await launch(network.networkEID, journey.EID, adminToken);
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'no_participants' });
    const alert = await waitForAlert(network.networkEID, adminToken, 'journey_failed_to_launch', journey.EID);
    expect(alert?.subject).toEqual({ type: 'journey', EID: journey.EID });
  });

  it('lets a member launch nothing (403)', async () => {
    const journey = await newJourney(network.networkEID, adminToken, { steps: [messageStep()] });
    const member = await network.newMember();
    const denied = await launch(network.networkEID, journey.EID, await member.token());
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(-461);
  });
});

describe('tenancy', () => {
  it('answers 404 to another network’s administrator and for an unknown journey', async () => {
    const other = await newNetwork('Journey other');
    const otherToken = await other.admin.token();
    const journey = await newJourney(network.networkEID, adminToken, { steps: [messageStep()] });
    for (const path of [
      journeyPath(network.networkEID, journey.EID),
      journeysPath(network.networkEID),
      journeyPath(network.networkEID, journey.EID, '/participants/'),
    ]) {
      expect((await call(path, { token: otherToken })).status, path).toBe(404);
    }
    expect((await launch(network.networkEID, journey.EID, otherToken)).status).toBe(404);
    // The journey under the attacker's own network is not found either.
    const underOwn = await call<JourneyBody>(journeyPath(other.networkEID, journey.EID), {
      token: otherToken,
    });
    expect(underOwn.status).toBe(404);
    expect(underOwn.body.code).toBe(-460);
    const step = await submit(other.networkEID, journey.EID, 'a'.repeat(24), otherToken, ['b'.repeat(24)]);
    expect(step.status).toBe(404);
  });
});

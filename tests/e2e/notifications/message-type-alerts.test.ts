/**
 * Read-back of the alerts of polls and events: the producing action
 * through the gateway (apps/messaging polls/reactivation.ts, events/{writing,actions,editing}.ts),
 * then the alert read back through the gateway by each recipient, and none for a non-recipient.
 * Decisions: docs/decisions.md, "Notifications: alerts".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, editAs } from '../../support/factories/actions.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newEvent, rsvp } from '../../support/factories/events.js';
import { alertsOf, settledAlerts, waitForAlert } from '../../support/factories/notifications.js';
import { newPoll, reactivate, untilEnded, voteFor } from '../../support/factories/polls.js';

afterAll(closeFactories);

let network: TestNetwork;

beforeAll(async () => {
  network = await newNetwork('Message type alerts');
});

const user = (EID: string) => ({ type: 'user', EID });

/** Two members with tokens, and an outsider (a member who is no recipient). */
async function people() {
  const [a, b, outsider] = [await network.newMember(), await network.newMember(), await network.newMember()];
  const [aToken, bToken, outsiderToken] = await Promise.all([a.token(), b.token(), outsider.token()]);
  return { a, b, outsider, aToken, bToken, outsiderToken };
}

/** Moves an event to `location` as its organiser (the body as given); fails unless 200. */
async function relocate(EID: string, token: string, htmlBody: string, location: string) {
  const edited = await editAs(network.networkEID, EID, token, { htmlBody, event: { location } });
  expect(edited.status, edited.text).toBe(200);
}

/** The alerts of `token` about `subjectEID`, once no new one arrives. */
const settledAbout = async (token: string, subjectEID: string) =>
  (await settledAlerts(network.networkEID, token)).filter((a) => a.subject?.EID === subjectEID);

describe('poll alerts', () => {
  it('poll_reactivated goes to the voters, not to the author who reactivates nor to a non-voter', async () => {
    const author = await network.newMember();
    const authorToken = await author.token();
    const { a, aToken, bToken, outsiderToken } = await people();
    const poll = await newPoll(network.networkEID, authorToken, { endsInMs: 2_000 });
    for (const token of [aToken, bToken, authorToken]) {
      expect((await voteFor(poll.EID, poll.poll.answers[0]!.EID, token)).status).toBe(200);
    }
    await untilEnded(poll);
    expect((await reactivate(poll.EID, authorToken)).status).toBe(200);
    for (const token of [aToken, bToken]) {
      const alert = await waitForAlert(network.networkEID, token, 'poll_reactivated', poll.EID);
      expect(alert).toMatchObject({
        category: 'activity',
        actionability: 'non-actionable',
        subject: { type: 'poll', EID: poll.EID },
        originators: [user(author.profileEID)],
      });
      expect(new URL(alert!._links.message!.href).pathname).toBe(
        `/networks/${network.networkEID}/messages/${poll.EID}/`,
      );
    }
    expect(a.profileEID).not.toBe(author.profileEID);
    expect(await settledAbout(authorToken, poll.EID)).toEqual([]);
    expect(await alertsOf(network.networkEID, outsiderToken)).toEqual([]);
  });
});

describe('event alerts', () => {
  it('event_invitation (actionable) and event_canceled go to the invitees of a private event', async () => {
    const organiser = await network.newMember();
    const organiserToken = await organiser.token();
    const { a, b, aToken, bToken, outsiderToken } = await people();
    const made = await newEvent(network.networkEID, organiserToken, {
      invitees: [a.profileEID, b.profileEID],
    });
    for (const token of [aToken, bToken]) {
      const alert = await waitForAlert(network.networkEID, token, 'event_invitation', made.EID);
      expect(alert).toMatchObject({
        category: 'activity',
        actionability: 'actionable',
        subject: { type: 'event', EID: made.EID },
        originators: [user(organiser.profileEID)],
      });
    }
    const canceled = await act(network.networkEID, made.EID, 'cancel', organiserToken);
    expect(canceled.status, canceled.text).toBe(200);
    for (const token of [aToken, bToken]) {
      const alert = await waitForAlert(network.networkEID, token, 'event_canceled', made.EID);
      expect(alert).toMatchObject({
        category: 'activity',
        actionability: 'non-actionable',
        subject: { type: 'event', EID: made.EID },
        originators: [user(organiser.profileEID)],
      });
    }
    expect(await settledAbout(organiserToken, made.EID)).toEqual([]);
    expect(await alertsOf(network.networkEID, outsiderToken)).toEqual([]);
  });

  it('a public event: no invitation, and canceling it alerts nobody', async () => {
    const organiser = await network.newMember();
    const organiserToken = await organiser.token();
    const { aToken } = await people();
    const made = await newEvent(network.networkEID, organiserToken);
    expect((await act(network.networkEID, made.EID, 'cancel', organiserToken)).status).toBe(200);
    expect(await settledAbout(aToken, made.EID)).toEqual([]);
  });

  it('event_date_time_changed, event_location_changed, event_details_changed go to the invitees', async () => {
    const organiser = await network.newMember();
    const organiserToken = await organiser.token();
    const { a, aToken, outsiderToken } = await people();
    const made = await newEvent(network.networkEID, organiserToken, { invitees: [a.profileEID] });
    const edited = await editAs(network.networkEID, made.EID, organiserToken, {
      htmlBody: '<p>New agenda</p>',
      event: {
        start: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        end: new Date(Date.now() + 49 * 3_600_000).toISOString(),
        location: 'Room 9',
      },
    });
    expect(edited.status, edited.text).toBe(200);
    for (const type of ['event_date_time_changed', 'event_location_changed', 'event_details_changed']) {
      const alert = await waitForAlert(network.networkEID, aToken, type, made.EID);
      expect(alert, type).toMatchObject({
        alertType: type,
        category: 'activity',
        actionability: 'non-actionable',
        numCoalesced: 1,
        subject: { type: 'event', EID: made.EID },
        originators: [user(organiser.profileEID)],
      });
    }
    const about = await settledAbout(aToken, made.EID);
    expect(about.map((x) => x.alertType).sort()).toEqual([
      'event_date_time_changed',
      'event_details_changed',
      'event_invitation',
      'event_location_changed',
    ]);
    // A second change of the location merges into the unread alert of that kind.
    await relocate(made.EID, organiserToken, '<p>New agenda</p>', 'Room 10');
    const merged = await waitForAlert(network.networkEID, aToken, 'event_location_changed', made.EID);
    expect(merged).toBeDefined();
    await expect
      .poll(
        async () =>
          (await alertsOf(network.networkEID, aToken)).find((x) => x.alertType === 'event_location_changed')
            ?.numCoalesced,
        { timeout: 15_000, interval: 200 },
      )
      .toBe(2);
    expect(await settledAbout(organiserToken, made.EID)).toEqual([]);
    expect(await alertsOf(network.networkEID, outsiderToken)).toEqual([]);
  });

  it('a responder of a public event gets the change alerts; a member who did not answer does not', async () => {
    const organiser = await network.newMember();
    const organiserToken = await organiser.token();
    const { aToken, bToken } = await people();
    const made = await newEvent(network.networkEID, organiserToken);
    expect((await rsvp(network.networkEID, made.EID, aToken, 'maybe')).status).toBe(200);
    await relocate(made.EID, organiserToken, '<p>Team meeting</p>', 'Roof');
    const alert = await waitForAlert(network.networkEID, aToken, 'event_location_changed', made.EID);
    expect(alert).toMatchObject({ subject: { type: 'event', EID: made.EID } });
    expect(await settledAbout(bToken, made.EID)).toEqual([]);
  });
});

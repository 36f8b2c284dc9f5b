/**
 * Journeys: launching. A compare-and-set claims the journey (`draft`/`failed` →
 * `launching`), so two launches make one; the recipients are resolved to participants through
 * auth (active named people, the active members of named groups); a launch without steps or
 * without participants (or with too many) is deterministic failure: the journey becomes `failed`
 * with its reason and the outbox event `events.messaging.journey.launch_failed` carries the alert
 * `journey_failed_to_launch` to the launcher. Otherwise one participant document per person
 * (unique index) and the journey is `active`.
 */
import {
  DomainError,
  internalSubjects,
  JOURNEY_PARTICIPANTS_MAX,
  type JourneyFailureReason,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { userRef } from '../messages/presentation.js';
import { groupMemberEIDs } from '../tasks/addressing.js';
import { findJourney, requireAdmin } from './access.js';
import type { JourneyDoc } from './models.js';
import { presentJourney } from './presentation.js';
import { launchFailure, showsMeta } from './rules.js';
import { peopleAudience } from '../messages/audience.js';
import type { JourneyStore } from './models.js';

const INSERT_CHUNK = 1000;

/** The distinct people the recipients stand for, at most one more than the bound. */
async function resolveParticipants(rpc: RpcClient, caller: Caller, journey: JourneyDoc): Promise<string[]> {
  const people = new Set<string>();
  const userEIDs = journey.recipients.filter((r) => r.type === 'user').map((r) => r.EID);
  if (userEIDs.length > 0) {
    const found = await rpc.request(internalSubjects.profilesBatch, {
      ctx: caller.ctx,
      body: { EIDs: userEIDs },
    });
    for (const p of found) if ((p.userState ?? 'active') === 'active') people.add(p.EID);
  }
  for (const group of journey.recipients.filter((r) => r.type === 'group')) {
    if (people.size > JOURNEY_PARTICIPANTS_MAX) break;
    for (const EID of await groupMemberEIDs(rpc, caller, group.EID, JOURNEY_PARTICIPANTS_MAX))
      people.add(EID);
  }
  return [...people];
}

async function insertParticipants(
  { models }: WriteDeps<JourneyStore>,
  caller: Caller,
  journey: JourneyDoc,
  people: string[],
) {
  const journeyEID = String(journey._id);
  for (let i = 0; i < people.length; i += INSERT_CHUNK) {
    const rows = people.slice(i, i + INSERT_CHUNK).map((profileEID) => ({
      networkEID: caller.networkEID,
      journeyEID,
      profileEID,
      journeyCreated: journey.created,
    }));
    // A row already there (a retried launch) is the same participant: duplicates are skipped.
    await models.JourneyParticipant.insertMany(rows, { ordered: false }).catch((error: unknown) => {
      if ((error as { code?: number }).code !== 11000) throw error;
    });
  }
}

async function recordFailure(
  deps: WriteDeps<JourneyStore>,
  caller: Caller,
  journey: JourneyDoc,
  reason: JourneyFailureReason,
) {
  await deps.outbox.record('messaging.journey.launch_failed', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: peopleAudience([caller.profileEID]),
    data: {
      alert: 'journey_failed_to_launch',
      recipient: userRef(caller.profileEID),
      journey: { type: 'journey', EID: String(journey._id) },
      reason,
    },
  });
}

async function launchClaimed(deps: WriteDeps<JourneyStore>, caller: Caller, journey: JourneyDoc) {
  const people = await resolveParticipants(deps.rpc, caller, journey);
  const failure = launchFailure(journey.steps.length, people.length);
  if (failure === null) await insertParticipants(deps, caller, journey, people);
  const launched = await deps.models.Journey.findOneAndUpdate(
    { networkEID: caller.networkEID, _id: journey._id, status: 'launching' },
    {
      $set: {
        status: failure === null ? 'active' : 'failed',
        failureReason: failure,
        numParticipants: failure === null ? people.length : 0,
        launchedByEID: caller.profileEID,
        launchedAt: new Date(),
      },
    },
    { returnDocument: 'after' },
  ).lean<JourneyDoc>();
  if (!launched) throw new DomainError('JOURNEYS_ERR_NOT_LAUNCHABLE');
  if (failure !== null) await recordFailure(deps, caller, launched, failure);
  return launched;
}

export async function launchJourney(
  deps: WriteDeps<JourneyStore>,
  caller: Caller,
  journeyEID: string,
  fields: unknown,
) {
  const { models, rpc } = deps;
  await requireAdmin(rpc, caller);
  await findJourney(models, caller, journeyEID);
  const before = await models.Journey.findOneAndUpdate(
    { networkEID: caller.networkEID, _id: journeyEID, status: { $in: ['draft', 'failed'] } },
    { $set: { status: 'launching' } },
    { returnDocument: 'before' },
  ).lean<JourneyDoc>();
  if (!before) throw new DomainError('JOURNEYS_ERR_NOT_LAUNCHABLE');
  let launched: JourneyDoc;
  try {
    launched = await launchClaimed(deps, caller, before);
  } catch (error) {
    // Unexpected (auth unavailable…): back to where it was, so it can be launched again.
    await models.Journey.updateOne(
      { networkEID: caller.networkEID, _id: journeyEID, status: 'launching' },
      { $set: { status: before.status } },
    );
    throw error;
  }
  return presentJourney(launched, { admin: true, meta: showsMeta(caller.ctx.version, fields) });
}

/**
 * Journeys: who may do what. Network administrators (auth's `groupAccess`, read now)
 * create, edit, launch and export; a participant reads the journeys they take part in. Anyone else
 * gets 404 for a journey (its existence is not revealed) and 403 for the administrators' actions.
 */
import { DomainError, isEid } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { JourneyDoc } from './models.js';
import type { JourneyStore } from './models.js';

export async function isNetworkAdmin(rpc: RpcClient, caller: Caller): Promise<boolean> {
  return (await accessOf(rpc, caller, [])).networkAdmin;
}

export async function requireAdmin(rpc: RpcClient, caller: Caller): Promise<void> {
  if (!(await isNetworkAdmin(rpc, caller))) throw new DomainError('JOURNEYS_ERR_ADMIN_REQUIRED');
}

/** The journey of the caller's network (404 otherwise). */
export async function findJourney(models: JourneyStore, caller: Caller, journeyEID: string) {
  const journey = isEid(journeyEID)
    ? await models.Journey.findOne({ networkEID: caller.networkEID, _id: journeyEID }).lean<JourneyDoc>()
    : null;
  if (!journey) throw new DomainError('JOURNEYS_ERR_JOURNEY_NOT_FOUND');
  return journey;
}

export async function isParticipant(models: JourneyStore, caller: Caller, journeyEID: string) {
  const found = await models.JourneyParticipant.exists({
    networkEID: caller.networkEID,
    journeyEID,
    profileEID: caller.profileEID,
  });
  return found !== null;
}

/** A journey the caller may read: any for an administrator, else one they take part in. */
export async function findReadableJourney(
  models: JourneyStore,
  rpc: RpcClient,
  caller: Caller,
  journeyEID: string,
): Promise<{ journey: JourneyDoc; admin: boolean }> {
  const [journey, admin] = await Promise.all([
    findJourney(models, caller, journeyEID),
    isNetworkAdmin(rpc, caller),
  ]);
  if (!admin && !(await isParticipant(models, caller, journeyEID))) {
    throw new DomainError('JOURNEYS_ERR_JOURNEY_NOT_FOUND');
  }
  return { journey, admin };
}

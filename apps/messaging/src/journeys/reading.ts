/**
 * Journeys: a journey and the list, newest first — every journey of the network for
 * administrators, the journeys the caller takes part in for others (their participant documents,
 * keyed by the journey's creation). `embed=recipients` (single) and `embed=journeys.recipients`
 * (collection) embed a page of the named recipients (`limit[…]`, `offset[…]`; gate 2024.3.0 for
 * a carried `offset`).
 */
import type { PlainCollection } from '@ncs/contracts';
import { collectionOf, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { embeds, subResourcePage } from '../timelines/rules.js';
import { findReadableJourney, isNetworkAdmin } from './access.js';
import type { JourneyDoc, JourneyParticipantDoc } from './models.js';
import { presentJourney } from './presentation.js';
import { showsMeta } from './rules.js';
import type { JourneyStore } from './models.js';

type JourneyQuery = Readonly<Record<string, unknown>> & { readonly embed?: string; readonly fields?: string };

function viewOf(caller: Caller, admin: boolean, query: JourneyQuery, rel: string, embedded: string) {
  return {
    admin,
    meta: showsMeta(caller.ctx.version, query.fields),
    recipients: embeds(query.embed, embedded) ? subResourcePage(query, rel, caller.ctx.version) : undefined,
  };
}

export async function getJourney(
  models: JourneyStore,
  rpc: RpcClient,
  caller: Caller,
  journeyEID: string,
  query: JourneyQuery,
) {
  const { journey, admin } = await findReadableJourney(models, rpc, caller, journeyEID);
  return presentJourney(journey, viewOf(caller, admin, query, 'recipients', 'recipients'));
}

/** The page of journeys the caller takes part in, in their order. */
async function participantJourneys(models: JourneyStore, caller: Caller, page: Page) {
  const filter = { networkEID: caller.networkEID, profileEID: caller.profileEID };
  const [rows, total] = await Promise.all([
    models.JourneyParticipant.find(filter)
      .sort({ journeyCreated: -1, journeyEID: -1 })
      .skip(page.offset)
      .limit(page.limit)
      .lean<JourneyParticipantDoc[]>(),
    models.JourneyParticipant.countDocuments(filter),
  ]);
  const EIDs = rows.map((row) => row.journeyEID);
  const found = await models.Journey.find({ networkEID: caller.networkEID, _id: { $in: EIDs } }).lean<
    JourneyDoc[]
  >();
  const byEID = new Map(found.map((journey) => [String(journey._id), journey]));
  return { journeys: EIDs.flatMap((EID) => byEID.get(EID) ?? []), total };
}

async function networkJourneys(models: JourneyStore, caller: Caller, page: Page) {
  const filter = { networkEID: caller.networkEID };
  const [journeys, total] = await Promise.all([
    models.Journey.find(filter)
      .sort({ created: -1, _id: -1 })
      .skip(page.offset)
      .limit(page.limit)
      .lean<JourneyDoc[]>(),
    models.Journey.countDocuments(filter),
  ]);
  return { journeys, total };
}

export async function listJourneys(
  models: JourneyStore,
  rpc: RpcClient,
  caller: Caller,
  query: JourneyQuery & Page,
): Promise<PlainCollection> {
  const page = { limit: query.limit, offset: query.offset };
  const admin = await isNetworkAdmin(rpc, caller);
  const { journeys, total } = admin
    ? await networkJourneys(models, caller, page)
    : await participantJourneys(models, caller, page);
  const view = viewOf(caller, admin, query, 'journeys.recipients', 'journeys');
  const items = journeys.map((journey) => presentJourney(journey, view));
  return collectionOf({ itemType: 'journey', rel: 'journeys' }, page, total, items);
}

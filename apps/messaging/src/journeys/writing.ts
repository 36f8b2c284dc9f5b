/**
 * Journeys: creating and editing a journey and appending a question step (network
 * administrators). Steps and recipients change only before launch (draft or failed): the update's
 * filter states it, so an edit racing a launch either lands first or is 409.
 */
import {
  DomainError,
  internalSubjects,
  JOURNEY_STEPS_MAX,
  type JourneyCreateInput,
  type JourneyQuestionInput,
  type JourneyStepInput,
  type JourneyUpdateInput,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { visibleGroup } from '../messages/rules.js';
import { findJourney, requireAdmin } from './access.js';
import type { JourneyDoc } from './models.js';
import { presentJourney } from './presentation.js';
import { buildStep, showsMeta } from './rules.js';
import type { JourneyStore } from './models.js';

type Recipient = { readonly type: 'user' | 'group'; readonly EID: string };
const EDITABLE = ['draft', 'failed'];

/** People must be active members, groups visible to the caller (else 400 naming the entry). */
async function checkedRecipients(rpc: RpcClient, caller: Caller, recipients: readonly Recipient[]) {
  const unique = [...new Map(recipients.map((r) => [`${r.type}:${r.EID}`, r])).values()];
  const userEIDs = unique.filter((r) => r.type === 'user').map((r) => r.EID);
  const groupEIDs = unique.filter((r) => r.type === 'group').map((r) => r.EID);
  const [people, access] = await Promise.all([
    userEIDs.length === 0
      ? []
      : rpc.request(internalSubjects.profilesBatch, {
          ctx: caller.ctx,
          body: { EIDs: userEIDs },
        }),
    accessOf(rpc, caller, groupEIDs),
  ]);
  const active = new Set(people.filter((p) => (p.userState ?? 'active') === 'active').map((p) => p.EID));
  const unknown = recipients.findIndex((r) =>
    r.type === 'user' ? !active.has(r.EID) : !visibleGroup(access, r.EID),
  );
  if (unknown >= 0) {
    throw new DomainError('JOURNEYS_ERR_RECIPIENT_UNKNOWN', undefined, [
      { pointer: `/body/recipients/${unknown}/EID`, message: 'is not an active member or a visible group' },
    ]);
  }
  return unique;
}

const builtSteps = (steps: readonly JourneyStepInput[]) =>
  steps.map((step, i) => buildStep(step, `/body/steps/${i}`));

const adminView = (caller: Caller, fields: unknown) => ({
  admin: true,
  meta: showsMeta(caller.ctx.version, fields),
});

export async function createJourney(
  { models, rpc }: WriteDeps<JourneyStore>,
  caller: Caller,
  body: JourneyCreateInput,
  fields: unknown,
) {
  await requireAdmin(rpc, caller);
  const recipients = await checkedRecipients(rpc, caller, body.recipients ?? []);
  const created = await models.Journey.create({
    networkEID: caller.networkEID,
    name: body.name,
    description: body.description ?? '',
    steps: builtSteps(body.steps ?? []),
    recipients,
    authorEID: caller.profileEID,
  });
  return presentJourney(created.toObject<JourneyDoc>(), adminView(caller, fields));
}

/**
 * Applies `update` where `filter` (which states the precondition) holds, and presents the result;
 * nothing matched: no such journey (404) or launched already (409).
 */
async function updateWhere(
  models: JourneyStore,
  caller: Caller,
  journeyEID: string,
  precondition: Record<string, unknown>,
  update: Record<string, unknown>,
  fields: unknown,
) {
  const filter = { networkEID: caller.networkEID, _id: journeyEID, ...precondition };
  const updated = await models.Journey.findOneAndUpdate(filter, update, {
    returnDocument: 'after',
  }).lean<JourneyDoc>();
  if (!updated) {
    await findJourney(models, caller, journeyEID);
    throw new DomainError('JOURNEYS_ERR_NOT_EDITABLE');
  }
  return presentJourney(updated, adminView(caller, fields));
}

export async function updateJourney(
  { models, rpc }: WriteDeps<JourneyStore>,
  caller: Caller,
  journeyEID: string,
  body: JourneyUpdateInput,
  fields: unknown,
) {
  await requireAdmin(rpc, caller);
  await findJourney(models, caller, journeyEID);
  const set: Record<string, unknown> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.recipients !== undefined) set.recipients = await checkedRecipients(rpc, caller, body.recipients);
  if (body.steps !== undefined) set.steps = builtSteps(body.steps);
  const beforeLaunch = body.recipients !== undefined || body.steps !== undefined;
  const precondition = beforeLaunch ? { status: { $in: EDITABLE } } : {};
  return updateWhere(models, caller, journeyEID, precondition, { $set: set }, fields);
}

export async function addQuestion(
  { models, rpc }: WriteDeps<JourneyStore>,
  caller: Caller,
  journeyEID: string,
  body: JourneyQuestionInput,
  fields: unknown,
) {
  await requireAdmin(rpc, caller);
  const journey = await findJourney(models, caller, journeyEID);
  if (journey.steps.length >= JOURNEY_STEPS_MAX) throw new DomainError('JOURNEYS_ERR_TOO_MANY_STEPS');
  const step = buildStep({ kind: 'question', ...body }, '/body');
  // At most JOURNEY_STEPS_MAX steps, also when two questions are added at once.
  const precondition = {
    status: { $in: EDITABLE },
    [`steps.${JOURNEY_STEPS_MAX - 1}`]: { $exists: false },
  };
  return updateWhere(models, caller, journeyEID, precondition, { $push: { steps: step } }, fields);
}

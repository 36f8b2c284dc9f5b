/**
 * Labels of a network: network administrators create, rename and delete them;
 * members read them, by name. A name is unique in the network whatever its case: the unique index
 * on `{networkEID, nameKey}` decides (a duplicate, even two creates at once, is 409).
 */
import { isDuplicateKeyError, pageOf, type Page } from '@ncs/service-kit';
import { DomainError, isEid, toTimestamp, type PlainResource, type RequestContext } from '@ncs/contracts';
import type { EventSink } from '../core/dependencies.js';
import { actorOf, findAdminCaller, findMemberCaller, type MemberCaller } from '../core/callers.js';
import type { LabelsStore } from './dependencies.js';
import type { LabelDoc } from './models.js';

/** The key a name is unique by: trimmed, in lower case (locale-independent). */
export const labelNameKey = (name: string) => name.trim().toLowerCase();

function presentLabel(label: LabelDoc) {
  return {
    type: 'label' as const,
    EID: String(label._id),
    name: label.name,
    created: toTimestamp(label.created),
    lastModified: toTimestamp(label.lastModified),
  };
}

const networkOf = (caller: MemberCaller) => String(caller.network._id);

async function findLabel(models: LabelsStore, networkEID: string, labelEID: string): Promise<LabelDoc> {
  if (!isEid(labelEID)) throw new DomainError('LABEL_ERR_NOT_FOUND');
  const label = await models.Label.findOne({ _id: labelEID, networkEID }).lean<LabelDoc>();
  if (!label) throw new DomainError('LABEL_ERR_NOT_FOUND');
  return label;
}

/** A duplicate name is 409 naming the field. */
async function uniquely<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    throw new DomainError('LABEL_ERR_NAME_TAKEN', undefined, [
      { pointer: '/body/name', message: `a label named '${name}' exists already` },
    ]);
  }
}

export async function listLabels(models: LabelsStore, ctx: RequestContext, page: Page) {
  const networkEID = networkOf(await findMemberCaller(models, ctx));
  // A label's name key is unique in its network: the order is total without an `_id` tie-break,
  // and the unique index serves it.
  return pageOf(
    models.Label,
    { filter: { networkEID }, sort: { nameKey: 1 } },
    page,
    { itemType: 'label', rel: 'labels' },
    (labels) => labels.map(presentLabel),
  );
}

export async function getLabel(models: LabelsStore, ctx: RequestContext, labelEID: string) {
  const networkEID = networkOf(await findMemberCaller(models, ctx));
  return presentLabel(await findLabel(models, networkEID, labelEID));
}

export async function createLabel(
  models: LabelsStore,
  events: EventSink,
  ctx: RequestContext,
  name: string,
): Promise<PlainResource> {
  const caller = await findAdminCaller(models, ctx);
  const networkEID = networkOf(caller);
  const [created] = await uniquely(name, () =>
    models.Label.insertMany([{ networkEID, name: name.trim(), nameKey: labelNameKey(name) }]),
  );
  const label = presentLabel(created!.toObject<LabelDoc>());
  await events.record('auth.label.created', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { label },
  });
  return label;
}

export async function renameLabel(
  models: LabelsStore,
  events: EventSink,
  ctx: RequestContext,
  labelEID: string,
  name: string,
): Promise<PlainResource> {
  const caller = await findAdminCaller(models, ctx);
  const networkEID = networkOf(caller);
  await findLabel(models, networkEID, labelEID);
  const updated = await uniquely(name, () =>
    models.Label.findOneAndUpdate(
      { _id: labelEID, networkEID },
      { $set: { name: name.trim(), nameKey: labelNameKey(name) } },
      { returnDocument: 'after', runValidators: true },
    ).lean<LabelDoc>(),
  );
  if (!updated) throw new DomainError('LABEL_ERR_NOT_FOUND');
  const label = presentLabel(updated);
  await events.record('auth.label.updated', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { label },
  });
  return label;
}

export async function deleteLabel(
  models: LabelsStore,
  events: EventSink,
  ctx: RequestContext,
  labelEID: string,
): Promise<void> {
  const caller = await findAdminCaller(models, ctx);
  const networkEID = networkOf(caller);
  if (!isEid(labelEID)) throw new DomainError('LABEL_ERR_NOT_FOUND');
  const { deletedCount } = await models.Label.deleteOne({ _id: labelEID, networkEID });
  if (deletedCount === 0) throw new DomainError('LABEL_ERR_NOT_FOUND');
  await events.record('auth.label.deleted', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { label: { type: 'label', EID: labelEID } },
  });
}

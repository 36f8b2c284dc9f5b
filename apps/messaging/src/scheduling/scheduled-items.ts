/**
 * Scheduled items: a message posted with a future `scheduledAt` waits with
 * `status: 'scheduled'` on no timeline; every instance's worker publishes the due ones. A due item
 * is claimed (a unique insert, scheduling/lease.ts), then published by a compare-and-set on
 * `status`, so it is published (and its `scheduled_published` event recorded) once even with two
 * instances and across restarts.
 */
import type { MessageType, PlainCollection } from '@ncs/contracts';
import { pageOf, type Outbox, type Page } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, presentMessages, userRef } from '../messages/presentation.js';
import { timelineKeyOf } from '../messages/rules.js';
import { claim } from '../messages/lease.js';
import { messageAudience } from '../messages/audience.js';
import type { CoreStore } from '../messages/features.js';

/** How long an instance holds a claimed due item before another may take it. */
export const PUBLISH_LEASE_MS = 30_000;

/** The caller's scheduled items of `types`, soonest first (index `{networkEID, authorEID, status, scheduledAt, _id}`). */
export function listScheduledItems(
  models: CoreStore,
  caller: Caller,
  query: Page & { readonly types: string },
): Promise<PlainCollection> {
  const types = [...new Set(query.types.split(','))] as MessageType[];
  return pageOf(
    models.Message,
    {
      filter: {
        networkEID: caller.networkEID,
        authorEID: caller.profileEID,
        status: 'scheduled',
        type: { $in: types },
      },
      sort: { scheduledAt: 1, _id: 1 },
    },
    query,
    { itemType: 'message', rel: 'messages' },
    (docs) => presentMessages(models, caller, docs),
  );
}

/** How many items the caller has scheduled in the network (per author: a small, indexed count). */
export function countScheduledItems(models: CoreStore, networkEID: string, profileEID: string) {
  return models.Message.countDocuments({ networkEID, authorEID: profileEID, status: 'scheduled' });
}

/** Publishes one claimed item: true when this call did it (the status compare-and-set). */
export async function publishScheduled(
  models: CoreStore,
  outbox: Outbox,
  item: MessageDoc,
  now = new Date(),
): Promise<boolean> {
  const published = await models.Message.findOneAndUpdate(
    { _id: item._id, networkEID: item.networkEID, status: 'scheduled' },
    {
      $set: {
        status: 'published',
        timelineKey: timelineKeyOf(item.groupEID ?? null, item.profileEID ?? null), // + profile timelines
        timelineAt: now,
      },
    },
    { returnDocument: 'after' },
  ).lean<MessageDoc>();
  if (!published) return false;
  await outbox.record('messaging.message.scheduled_published', {
    networkEID: published.networkEID,
    actor: userRef(published.authorEID),
    audience: messageAudience(published),
    data: {
      alert: 'scheduled_update_published',
      recipient: userRef(published.authorEID),
      message: messageSummary(published),
    },
  });
  return true;
}

/** Due items one tick looks at. */
const ITEMS_PER_TICK = 50;

/**
 * One worker tick: publishes the due items this instance claims (`publish:<EID>`); the number
 * published. The claim makes it once; the status compare-and-set guards a takeover after a crash.
 */
export async function publishDueItems(models: CoreStore, outbox: Outbox, now = new Date()) {
  const due = await models.Message.find({ status: 'scheduled', scheduledAt: { $lte: now } })
    .sort({ scheduledAt: 1, _id: 1 })
    .limit(ITEMS_PER_TICK)
    .lean<MessageDoc[]>();
  let published = 0;
  for (const item of due) {
    if (!(await claim(models.Claim, `publish:${String(item._id)}`, PUBLISH_LEASE_MS, now))) continue;
    if (await publishScheduled(models, outbox, item, now)) published += 1;
  }
  return published;
}

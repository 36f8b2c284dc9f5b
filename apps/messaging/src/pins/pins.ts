/**
 * Pins: a timeline's administrators pin a message to its top and unpin it (both idempotent); each
 * timeline lists its pinned messages, most recent pin first, at most PINS_PER_TIMELINE_MAX.
 * Decisions: docs/decisions.md, "Messaging: pins".
 */
import { DomainError, PINS_PER_TIMELINE_MAX, type PlainCollection } from '@ncs/contracts';
import { collectionOf, isDuplicateKeyError, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import { messageAudience } from '../messages/audience.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, presentMessages, userRef } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import { requireTimelineReader, timelineKeyOf } from '../messages/rules.js';
import { reread } from '../messages/writing.js';
import type { PinDoc, PinStore } from './models.js';
import { requirePinner } from './rules.js';

const pinEvent = (caller: Caller, message: MessageDoc) => ({
  networkEID: caller.networkEID,
  actor: userRef(caller.profileEID),
  audience: messageAudience(message),
  data: { message: messageSummary(message), pinner: userRef(caller.profileEID) },
});

/**
 * The timeline's pins whose message is still there (published, on that timeline), most recent
 * first; with `drop`, the others (a message moved or removed since) are deleted, so they no longer
 * count against the bound.
 */
async function livePins(
  models: PinStore,
  networkEID: string,
  timelineKey: string,
  drop: boolean,
): Promise<{ pin: PinDoc; message: MessageDoc }[]> {
  // Beyond the bound only stale pins can exist (each pin checks the bound), so twice it is enough.
  const pins = await models.Pin.find({ networkEID, timelineKey })
    .sort({ pinnedAt: -1, _id: -1 })
    .limit(PINS_PER_TIMELINE_MAX * 2)
    .lean<PinDoc[]>();
  if (pins.length === 0) return [];
  const messages = await models.Message.find({ _id: { $in: pins.map((pin) => pin.messageEID) } }).lean<
    MessageDoc[]
  >();
  const byId = new Map(messages.map((message) => [String(message._id), message]));
  const live: { pin: PinDoc; message: MessageDoc }[] = [];
  const stale: string[] = [];
  for (const pin of pins) {
    const message = byId.get(pin.messageEID);
    const here =
      message &&
      message.networkEID === networkEID &&
      !message.removedAt &&
      message.timelineKey === timelineKey &&
      message.pinnedIn === timelineKey;
    if (here) live.push({ pin, message });
    else stale.push(pin.messageEID);
  }
  if (drop && stale.length > 0) await models.Pin.deleteMany({ networkEID, messageEID: { $in: stale } });
  return live;
}

/** Pins a message on its timeline; pinning it again changes nothing (no second event). */
export async function pinMessage(
  { models, rpc, outbox }: WriteDeps<PinStore>,
  caller: Caller,
  messageEID: string,
) {
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID);
  const timelineKey = requirePinner(access, message);
  if (message.pinnedIn === timelineKey) return reread(models, caller, message);
  const live = await livePins(models, caller.networkEID, timelineKey, true);
  if (live.length >= PINS_PER_TIMELINE_MAX) throw new DomainError('MESSAGING_ERR_TOO_MANY_PINS');
  const pin = { networkEID: caller.networkEID, timelineKey, messageEID, pinnedBy: caller.profileEID };
  try {
    // A pin left over from the message's former timeline is replaced by this one.
    await models.Pin.deleteOne({ networkEID: caller.networkEID, messageEID });
    await models.Pin.create({ ...pin, pinnedAt: new Date() });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return reread(models, caller, message); // pinned by a concurrent request
  }
  // Two pins at once may both have seen room for one: the later gives way.
  if (
    (await livePinsAfterWrite(models, caller.networkEID, timelineKey, messageEID)) > PINS_PER_TIMELINE_MAX
  ) {
    await models.Pin.deleteOne({ networkEID: caller.networkEID, messageEID });
    throw new DomainError('MESSAGING_ERR_TOO_MANY_PINS');
  }
  await models.Message.updateOne(
    { _id: message._id, networkEID: caller.networkEID },
    { $set: { pinnedIn: timelineKey } },
  );
  await outbox.record('messaging.message.pinned', pinEvent(caller, message));
  return reread(models, caller, message);
}

/** How many pins the timeline holds with this message's new one counted as live. */
async function livePinsAfterWrite(
  models: PinStore,
  networkEID: string,
  timelineKey: string,
  messageEID: string,
) {
  const others = await livePins(models, networkEID, timelineKey, false);
  return others.filter(({ message }) => String(message._id) !== messageEID).length + 1;
}

/** Unpins a message (whoever may pin it); idempotent. */
export async function unpinMessage(
  { models, rpc, outbox }: WriteDeps<PinStore>,
  caller: Caller,
  messageEID: string,
) {
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID);
  requirePinner(access, message);
  const removed = await models.Pin.deleteOne({ networkEID: caller.networkEID, messageEID });
  const wasPinned = message.pinnedIn !== null && message.pinnedIn !== undefined;
  if (wasPinned) {
    await models.Message.updateOne(
      { _id: message._id, networkEID: caller.networkEID },
      { $set: { pinnedIn: null } },
    );
  }
  if (removed.deletedCount > 0 && wasPinned)
    await outbox.record('messaging.message.unpinned', pinEvent(caller, message));
  return reread(models, caller, message);
}

/** A timeline's pinned messages, most recent pin first; `groupEID` null for the network's. */
export async function listPinned(
  models: PinStore,
  rpc: RpcClient,
  reader: Caller & { readonly app?: boolean },
  groupEID: string | null,
): Promise<PlainCollection> {
  if (groupEID === null) {
    // As the network timeline: asked even without groups (a member suspended a moment ago is 404).
    if (!reader.app) await accessOf(rpc, reader, []);
  } else {
    requireTimelineReader(await accessOf(rpc, reader, [groupEID]), groupEID);
  }
  const live = await livePins(models, reader.networkEID, timelineKeyOf(groupEID), false);
  const items = await presentMessages(
    models,
    reader,
    live.slice(0, PINS_PER_TIMELINE_MAX).map(({ message }) => message),
  );
  return collectionOf(
    { itemType: 'message', rel: 'messages' },
    { limit: PINS_PER_TIMELINE_MAX, offset: 0 },
    items.length,
    items,
  );
}

/** A removed message's pin goes with it. */
export async function removePinOf(models: PinStore, message: MessageDoc): Promise<void> {
  await models.Pin.deleteOne({ networkEID: message.networkEID, messageEID: String(message._id) });
}

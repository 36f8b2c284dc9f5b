/**
 * Pins as a message feature: what a page of messages shows (`pinned`, and `pin`/`unpin` to the
 * timeline's administrators) and the pin released with a removed message. `pinned` comes with the
 * message; the administrators' standing is the request's own group access (asked once per request:
 * a timeline page's handler has asked it already), and needs no question for network
 * administrators or a page without group messages.
 */
import { isNetworkAdmin } from '../messages/affordances.js';
import { accessOf, type Caller } from '../messages/access.js';
import { withActions, type MessageFeature } from '../messages/features.js';
import type { MessageDoc } from '../messages/models.js';
import type { RpcClient } from '@ncs/service-kit';
import type { PinStore } from './models.js';
import { removePinOf } from './pins.js';
import { mayPin, pinTimelineOf } from './rules.js';

/** The pinnable messages of the page the caller may pin. */
async function pinnableByCaller(
  rpc: RpcClient | undefined,
  caller: Caller,
  docs: readonly MessageDoc[],
): Promise<Set<string>> {
  const pinnable = docs.filter((doc) => pinTimelineOf(doc) !== undefined);
  if (pinnable.length === 0 || !caller.profileEID) return new Set();
  if (isNetworkAdmin(caller)) return new Set(pinnable.map((doc) => String(doc._id)));
  const groups = pinnable.flatMap((doc) => (doc.groupEID ? [doc.groupEID] : []));
  if (groups.length === 0 || !rpc) return new Set();
  const access = await accessOf(rpc, caller, groups);
  return new Set(pinnable.filter((doc) => mayPin(access, doc)).map((doc) => String(doc._id)));
}

export function pinsFeature(models: PinStore, rpc?: RpcClient): MessageFeature {
  return {
    name: 'pins',
    remove: (_caller, message) => removePinOf(models, message),
    async present(caller, docs) {
      const mayPinHere = await pinnableByCaller(rpc, caller, docs);
      return (doc, resource) => {
        const pinned =
          doc.pinnedIn !== null && doc.pinnedIn !== undefined && doc.pinnedIn === doc.timelineKey;
        const presented = { ...resource, pinned };
        if (doc.status === 'removed' || !mayPinHere.has(String(doc._id))) return presented;
        return withActions(presented, pinned ? { unpin: true } : { pin: true });
      };
    },
  };
}

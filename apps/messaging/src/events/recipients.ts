/**
 * Events. Who an event's alerts go to: the invitees of a private event and
 * everyone who answered (read in keyset pages by `profileEID` from the unique index
 * `{networkEID, messageEID, profileEID}`), never the actor.
 */
import type { MessageDoc } from '../messages/models.js';
import type { EventStore } from './models.js';

const PAGE = 500;

/** The invitees and responders of an event but `except`. */
export async function inviteesAndResponders(
  models: EventStore,
  message: MessageDoc,
  except: string,
): Promise<string[]> {
  const found = new Set(message.event?.inviteeEIDs ?? []);
  const messageEID = String(message._id);
  let after: string | null = null;
  for (;;) {
    const page: { profileEID: string }[] = await models.EventResponse.find(
      {
        networkEID: message.networkEID,
        messageEID,
        ...(after === null ? {} : { profileEID: { $gt: after } }),
        rsvp: { $ne: null },
      },
      { profileEID: 1 },
    )
      .sort({ profileEID: 1 })
      .limit(PAGE)
      .lean<{ profileEID: string }[]>();
    for (const row of page) found.add(row.profileEID);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.profileEID;
  }
  found.delete(except);
  return [...found];
}

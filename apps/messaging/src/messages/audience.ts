/**
 * Who may see a messaging event (the envelope's `audience`, contracts domain-events): where its
 * message may be read. A private message or private event (and their comments, which copy the
 * parent's `participantEIDs`): its participants; else its group's timeline (a comment: its
 * parent's group); else the network (the network's timeline, a profile's).
 */
import type { AudienceOfKind } from '@ncs/contracts';
import type { MessageDoc } from './models.js';

/** Named people: each once (the envelope's schema refuses duplicates). */
export function peopleAudience(profileEIDs: readonly string[]): AudienceOfKind<'people'> {
  return { kind: 'people', profileEIDs: [...new Set(profileEIDs)] };
}

/** A timeline's: the group's, else the network's. */
export function timelineAudience(groupEID: string | null | undefined): AudienceOfKind<'network' | 'group'> {
  return groupEID ? { kind: 'group', groupEID } : { kind: 'network' };
}

/** Where the message may be read. */
export function messageAudience(
  doc: Pick<MessageDoc, 'groupEID' | 'participantEIDs'>,
): AudienceOfKind<'network' | 'group' | 'people'> {
  return doc.participantEIDs?.length ? peopleAudience(doc.participantEIDs) : timelineAudience(doc.groupEID);
}

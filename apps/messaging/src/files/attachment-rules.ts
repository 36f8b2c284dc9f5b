/**
 * Files: attachments, as plain rules (attachment-rules.test.ts): which files a message's
 * `images`, `videos` and `files` may reference. Each item must be a file of the network uploaded by
 * the writer and attached to no other message (else 400 -394 naming the item); `images` takes
 * images only and `videos` videos only (400 -395); a file is listed once.
 */
import { ATTACHMENT_LISTS, DomainError, type AttachmentList } from '@ncs/contracts';

/** What the rules need of a file record. */
export interface AttachableFile {
  readonly EID: string;
  readonly kind: string;
  readonly uploaderEID: string;
  readonly messageEID?: string | null;
}

/** The lists as the body gives them (a list not given: left as it is). */
export type AttachmentBody = Partial<Record<AttachmentList, readonly { readonly EID: string }[]>>;

/** The stored fields of the message, one per list given. */
export interface AttachmentFields {
  imageEIDs?: string[];
  videoEIDs?: string[];
  fileEIDs?: string[];
}

export const STORED_FIELD = { images: 'imageEIDs', videos: 'videoEIDs', files: 'fileEIDs' } as const;

export const ATTACHMENT_LIST_NAMES = Object.keys(ATTACHMENT_LISTS) as AttachmentList[];

/** Whether the body names any attachment list. */
export function namesAttachments(body: AttachmentBody): boolean {
  return ATTACHMENT_LIST_NAMES.some((list) => body[list] !== undefined);
}

const notAttachable = (pointer: string, message: string) =>
  new DomainError('FILES_ERR_ATTACHMENT_NOT_FOUND', undefined, [{ pointer, message }]);

/**
 * The stored lists, checked against the files found (`files` by EID). `uploaderEID`: the writer;
 * `messageEID`: the message being edited (its own attachments stay), null for a new message.
 */
export function checkedAttachments(
  body: AttachmentBody,
  files: ReadonlyMap<string, AttachableFile>,
  uploaderEID: string,
  messageEID: string | null,
): AttachmentFields {
  const seen = new Set<string>();
  const fields: AttachmentFields = {};
  for (const list of ATTACHMENT_LIST_NAMES) {
    const items = body[list];
    if (items === undefined) continue;
    const EIDs: string[] = [];
    items.forEach((item, i) => {
      const pointer = `/body/${list}/${i}`;
      const file = files.get(item.EID);
      if (!file || file.uploaderEID !== uploaderEID)
        throw notAttachable(pointer, 'is not a file you uploaded in this network');
      if (file.messageEID && file.messageEID !== messageEID)
        throw notAttachable(pointer, 'is attached to another message');
      if (seen.has(file.EID)) throw notAttachable(pointer, 'is listed twice');
      const kind = ATTACHMENT_LISTS[list];
      if (kind !== null && file.kind !== kind)
        throw new DomainError('FILES_ERR_ATTACHMENT_KIND', undefined, [
          { pointer, message: `is a file of kind ${file.kind}, not ${kind}` },
        ]);
      seen.add(file.EID);
      EIDs.push(file.EID);
    });
    fields[STORED_FIELD[list]] = EIDs;
  }
  return fields;
}

/** Every EID a message's stored lists hold, with the pointer of each (for a claim that fails). */
export function attachedEIDs(fields: AttachmentFields): { EID: string; pointer: string }[] {
  return ATTACHMENT_LIST_NAMES.flatMap((list) =>
    (fields[STORED_FIELD[list]] ?? []).map((EID, i) => ({ EID, pointer: `/body/${list}/${i}` })),
  );
}

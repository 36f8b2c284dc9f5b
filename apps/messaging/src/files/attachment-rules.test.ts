import { describe, expect, it } from 'vitest';
import { DomainError } from '@ncs/contracts';
import {
  attachedEIDs,
  checkedAttachments,
  namesAttachments,
  type AttachableFile,
} from './attachment-rules.js';

const ME = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);
const file = (EID: string, kind: string, extra: Partial<AttachableFile> = {}): AttachableFile => ({
  EID,
  kind,
  uploaderEID: ME,
  messageEID: null,
  ...extra,
});
const IMG = '1'.repeat(24);
const VID = '2'.repeat(24);
const DOC = '3'.repeat(24);
const files = new Map([
  [IMG, file(IMG, 'image')],
  [VID, file(VID, 'video')],
  [DOC, file(DOC, 'file')],
  ['4'.repeat(24), file('4'.repeat(24), 'image', { uploaderEID: OTHER })],
  ['5'.repeat(24), file('5'.repeat(24), 'file', { messageEID: 'm'.repeat(24) })],
]);
const ref = (EID: string) => ({ EID });

function problemOf(run: () => unknown): { name: string; pointer?: string } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { name: error.errorName, pointer: error.details?.[0]?.pointer };
  }
  throw new Error('no problem');
}

describe('attachment rules', () => {
  it('keeps the lists given, in order; a list not given is left out', () => {
    expect(checkedAttachments({ images: [ref(IMG)], files: [ref(VID), ref(DOC)] }, files, ME, null)).toEqual({
      imageEIDs: [IMG],
      fileEIDs: [VID, DOC],
    });
    expect(checkedAttachments({ videos: [] }, files, ME, null)).toEqual({ videoEIDs: [] });
    expect(namesAttachments({})).toBe(false);
    expect(namesAttachments({ videos: [] })).toBe(true);
  });

  it("refuses an unknown file, another uploader's and one attached elsewhere, naming the item", () => {
    const body = (EID: string) => ({ files: [ref(DOC), ref(EID)] });
    for (const EID of ['9'.repeat(24), '4'.repeat(24), '5'.repeat(24)])
      expect(problemOf(() => checkedAttachments(body(EID), files, ME, null))).toMatchObject({
        pointer: '/body/files/1',
      });
    // Its own message's file stays on an edit.
    expect(
      checkedAttachments(
        body('5'.repeat(24)),
        new Map([...files, ['5'.repeat(24), file('5'.repeat(24), 'file', { messageEID: 'm'.repeat(24) })]]),
        ME,
        'm'.repeat(24),
      ),
    ).toEqual({
      fileEIDs: [DOC, '5'.repeat(24)],
    });
  });

  it('takes images in images and videos in videos only, and each file once', () => {
    expect(problemOf(() => checkedAttachments({ images: [ref(IMG), ref(DOC)] }, files, ME, null))).toEqual({
      name: 'FILES_ERR_ATTACHMENT_KIND',
      pointer: '/body/images/1',
    });
    expect(problemOf(() => checkedAttachments({ videos: [ref(IMG)] }, files, ME, null)).pointer).toBe(
      '/body/videos/0',
    );
    expect(
      problemOf(() => checkedAttachments({ images: [ref(IMG)], files: [ref(IMG)] }, files, ME, null)),
    ).toEqual({ name: 'FILES_ERR_ATTACHMENT_NOT_FOUND', pointer: '/body/files/0' });
  });

  it('lists every stored EID with its pointer', () => {
    expect(attachedEIDs({ imageEIDs: [IMG], fileEIDs: [DOC, VID] })).toEqual([
      { EID: IMG, pointer: '/body/images/0' },
      { EID: DOC, pointer: '/body/files/0' },
      { EID: VID, pointer: '/body/files/1' },
    ]);
  });
});

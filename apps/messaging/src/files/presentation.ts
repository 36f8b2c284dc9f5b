/** Files: a file record as the plain resource the gateway turns into HAL. */
import { toTimestamp } from '@ncs/contracts';
import type { FileRecordDoc } from './models.js';
// Files: media.
import { mediaFieldsOf } from './media-presentation.js';

export function presentFile(record: FileRecordDoc, numVideoViews = 0) {
  return {
    type: 'file',
    EID: record.EID,
    name: record.name,
    size: record.size,
    contentType: record.contentType,
    kind: record.kind,
    uploader: { type: record.uploaderType ?? 'user', EID: record.uploaderEID }, // Files: an app's upload
    created: toTimestamp(record.created),
    folder: record.folderEID ? { type: 'folder', EID: record.folderEID } : null,
    group: record.groupEID ? { type: 'group', EID: record.groupEID } : null,
    ETag: `"${record.sha256}"`,
    // Files: media.
    ...mediaFieldsOf(record, numVideoViews),
    // Files: attachments and temporary uploads.
    temporary: !record.messageEID && !!record.temporarySince,
    message: record.messageEID ? { type: 'message', EID: record.messageEID } : null,
    // Files: crop.
    original: record.originalEID ? { type: 'file', EID: record.originalEID } : null,
  };
}

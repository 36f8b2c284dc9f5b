/** The resource fields of news and scheduled items (spread into every message resource). */
import { toTimestamp } from '@ncs/contracts';
import type { MessageDoc } from '../messages/models.js';
import { readTimeOf } from './rules.js';

export function newsFieldsOf(doc: MessageDoc) {
  const news =
    doc.type === 'news'
      ? {
          title: doc.title ?? null,
          readTime: readTimeOf(doc.htmlBody),
          concatenated: (doc.concatenatedFrom?.length ?? 0) > 0,
        }
      : {};
  return {
    status: doc.status ?? 'published',
    ...news,
    isDuplicate: (doc.duplicateOfEID ?? null) !== null,
    originalAuthor: doc.originalAuthorEID ? { type: 'user', EID: doc.originalAuthorEID } : null,
    scheduledAt: doc.scheduledAt ? toTimestamp(doc.scheduledAt) : null,
  };
}

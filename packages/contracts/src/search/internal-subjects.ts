/**
 * Search: messaging's search asks auth for people and groups and the knowledge base for articles,
 * each for its own resources.
 */
import { Type } from '@sinclair/typebox';
import { defineInternalSubject } from '../core/internal-subject.js';
import {
  DirectorySearchReplySchema,
  DirectorySearchRequestSchema,
  SearchMatchesSchema,
} from './directory.js';
import { SEARCH_MAX_DEPTH } from './routes.js';

/** The body of `kbSearch`. */
export const ArticleSearchRequestSchema = Type.Object({
  q: Type.String(),
  limit: Type.Integer({ minimum: 0, maximum: SEARCH_MAX_DEPTH }),
});

export const searchInternalSubjects = {
  kbSearch: defineInternalSubject({
    service: 'kb',
    resource: 'search',
    action: 'articles',
    description:
      'Messaging → kb: the articles the caller may read matching `q`; items plain `kb_page` resources, newest first.',
    request: ArticleSearchRequestSchema,
    reply: SearchMatchesSchema,
  }),
  directorySearch: defineInternalSubject({
    service: 'auth',
    resource: 'directory',
    action: 'search',
    description:
      'Messaging → auth: the people and groups the caller may see whose names start with the words of `q`.',
    request: DirectorySearchRequestSchema,
    reply: DirectorySearchReplySchema,
  }),
} as const;

/**
 * Internal handlers of the knowledge base (not HTTP routes), by subject: the articles part of
 * search, asked by the messaging service.
 */
import { DomainError, internalSubjects } from '@ncs/contracts';
import type { RpcHandler } from '@ncs/service-kit';
import { searchArticles, type ArticleSearch } from './domain/search.js';
import type { KbModels } from './models/index.js';

export function kbInternalHandlers(models: KbModels): Record<string, RpcHandler> {
  return {
    [internalSubjects.kbSearch]: ({ ctx, body }) => {
      const { q, limit } = (body ?? {}) as Partial<ArticleSearch>;
      if (typeof q !== 'string' || typeof limit !== 'number') {
        throw new DomainError('BAD_REQUEST', 'A search names `q` (a string) and `limit` (a number).');
      }
      return searchArticles(models, ctx, { q, limit });
    },
  };
}

/**
 * What a search's `type` names: the result types to answer and, for messages, the message types.
 */
import { DomainError, searchMessageTypes, searchResultTypes } from '@ncs/contracts';

export interface SearchTypes {
  readonly messages: boolean;
  /** Message types to keep; empty: every type. */
  readonly messageTypes: readonly string[];
  readonly articles: boolean;
  readonly users: boolean;
  readonly groups: boolean;
}

const isOneOf = (list: readonly string[], value: string) => list.includes(value);

/**
 * The result types named by `type`: absent, every type but articles (messages, people, groups;
 * articles are named explicitly only); a
 * message type (`news`…) names messages of that type. An unknown value is a 400 naming it.
 */
export function searchTypesOf(type: string | undefined): SearchTypes {
  if (type === undefined)
    return { messages: true, messageTypes: [], articles: false, users: true, groups: true };
  const named = type
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  for (const value of named) {
    if (!isOneOf(searchResultTypes, value) && !isOneOf(searchMessageTypes, value)) {
      throw new DomainError('MESSAGING_ERR_SEARCH_UNKNOWN_TYPE', undefined, [
        { pointer: '/query/type', message: `unknown type ${JSON.stringify(value.slice(0, 40))}` },
      ]);
    }
  }
  const messageTypes = named.filter((value) => isOneOf(searchMessageTypes, value));
  return {
    messages: named.includes('message') || messageTypes.length > 0,
    messageTypes: named.includes('message') ? [] : messageTypes,
    articles: named.includes('knowledge_base_article'),
    users: named.includes('user'),
    groups: named.includes('group'),
  };
}

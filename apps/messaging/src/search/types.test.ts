import { describe, expect, it } from 'vitest';
import { searchTypesOf } from './types.js';

describe('searchTypesOf', () => {
  it('answers messages, people and groups but not articles when `type` is absent', () => {
    expect(searchTypesOf(undefined)).toEqual({
      messages: true,
      messageTypes: [],
      articles: false,
      users: true,
      groups: true,
    });
  });

  it('names articles only explicitly, and narrows messages to the message types named', () => {
    expect(searchTypesOf('knowledge_base_article')).toEqual({
      messages: false,
      messageTypes: [],
      articles: true,
      users: false,
      groups: false,
    });
    expect(searchTypesOf(' news , update,user')).toEqual({
      messages: true,
      messageTypes: ['news', 'update'],
      articles: false,
      users: true,
      groups: false,
    });
    expect(searchTypesOf('group')).toEqual({
      messages: false,
      messageTypes: [],
      articles: false,
      users: false,
      groups: true,
    });
    expect(searchTypesOf('news,message')).toMatchObject({ messages: true, messageTypes: [] });
  });

  it('refuses an unknown value, naming it', () => {
    expect(() => searchTypesOf('message,pigeon')).toThrow(
      expect.objectContaining({ errorName: 'MESSAGING_ERR_SEARCH_UNKNOWN_TYPE', code: -341 }),
    );
  });
});

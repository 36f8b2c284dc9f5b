import { MESSAGE_HISTORY_MAX_VERSIONS } from '@ncs/contracts';
import { describe, expect, it } from 'vitest';
import { changesText, oldestKeptVersion, replacedVersionOf } from './rules.js';

describe('changesText', () => {
  const update = { htmlBody: '<p>One</p>', title: null };
  const news = { htmlBody: '<p>One</p>', title: 'Headline' };

  it('counts a new body, and a new title', () => {
    expect(changesText(update, {}, '<p>Two</p>')).toBe(true);
    expect(changesText(news, { title: 'Other' }, news.htmlBody)).toBe(true);
  });

  it('does not count the same body or title sent again, nor an edit naming neither', () => {
    expect(changesText(update, {}, '<p>One</p>')).toBe(false);
    expect(changesText(news, { title: 'Headline' }, news.htmlBody)).toBe(false);
    // An event's place or recipients only: the core hands the old body on.
    expect(changesText({ htmlBody: '<p>One</p>' }, {}, '<p>One</p>')).toBe(false);
  });
});

describe('replacedVersionOf', () => {
  const posted = new Date('2030-01-01T10:00:00Z');
  const message = { authorEID: 'author', created: posted };

  it('makes the text as posted version 1, by the author, made when posted', () => {
    expect(replacedVersionOf(null, message)).toEqual({ version: 1, editorEID: 'author', created: posted });
  });

  it('makes each later one by the edit that replaced the version before', () => {
    const edited = new Date('2030-01-02T10:00:00Z');
    expect(replacedVersionOf({ version: 3, replacedByEID: 'editor', edited }, message)).toEqual({
      version: 4,
      editorEID: 'editor',
      created: edited,
    });
  });
});

describe('oldestKeptVersion', () => {
  it('keeps every version up to the bound', () => {
    expect(oldestKeptVersion(1)).toBe(1);
    expect(oldestKeptVersion(MESSAGE_HISTORY_MAX_VERSIONS)).toBe(1);
  });

  it('drops the oldest past the bound, keeping the newest ones', () => {
    expect(MESSAGE_HISTORY_MAX_VERSIONS).toBe(50);
    expect(oldestKeptVersion(51)).toBe(2);
    expect(oldestKeptVersion(120)).toBe(71);
    expect(oldestKeptVersion(5, 3)).toBe(3);
  });
});

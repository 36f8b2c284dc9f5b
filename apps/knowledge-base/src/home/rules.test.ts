import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import type { HomeDoc } from './models.js';
import { defaultHomeTitle, homeUpsert, presentHome } from './rules.js';

const home = (title: string | null): HomeDoc => ({
  _id: new Types.ObjectId(),
  networkEID: 'a'.repeat(24),
  title,
  description: '',
  headerBackgroundUrl: null,
  headerColor: null,
  showHighlightedCategories: true,
  created: new Date('2026-01-01T00:00:00Z'),
  lastModified: new Date('2026-01-02T00:00:00Z'),
});

describe('defaultHomeTitle', () => {
  it('is in the caller’s language where one is known, English otherwise', () => {
    expect(defaultHomeTitle('nl')).toBe('Kennisbank');
    expect(defaultHomeTitle('de')).toBe('Wissensdatenbank');
    expect(defaultHomeTitle('en')).toBe('Knowledge Base');
    expect(defaultHomeTitle('sv')).toBe('Knowledge Base');
    expect(defaultHomeTitle(undefined)).toBe('Knowledge Base');
  });
});

describe('presentHome', () => {
  it('shows a customised title as set, in every language', () => {
    expect(presentHome(home('Our wiki'), 'nl')).toMatchObject({ title: 'Our wiki', titleCustomised: true });
  });

  it('shows the default title in the caller’s language while none is set', () => {
    expect(presentHome(home(null), 'fr')).toMatchObject({
      type: 'kb_home',
      title: 'Base de connaissances',
      titleCustomised: false,
    });
  });
});

describe('homeUpsert', () => {
  it('sets the given fields, or with none only creates the home when missing', () => {
    expect(homeUpsert('n1', { title: 'T' })).toEqual({ $set: { title: 'T' } });
    expect(homeUpsert('n1', {})).toEqual({ $setOnInsert: { networkEID: 'n1' } });
  });
});

import { describe, expect, it } from 'vitest';
import { emailSettingDefaults } from '@ncs/contracts';
import {
  featureList,
  knownKeysUpdate,
  withFeatureChanges,
  plansAbove,
  plansBelow,
  withDefaults,
} from './rules.js';

describe('settings with defaults', () => {
  it('takes a stored value of the right type, the default otherwise', () => {
    expect(withDefaults(emailSettingDefaults, { digest: 'daily', news: 'yes', other: 1 })).toEqual({
      ...emailSettingDefaults,
      digest: 'daily',
    });
    expect(withDefaults(emailSettingDefaults, null)).toEqual(emailSettingDefaults);
  });

  it('sets values, unsets nulls and ignores unknown or absent keys', () => {
    expect(knownKeysUpdate(['a', 'b', 'c'], { a: false, b: null, d: 1 })).toEqual({
      set: { a: false },
      unset: { b: '' },
    });
  });
});

describe('plans', () => {
  it('orders the plans: below and above', () => {
    expect(plansBelow('free')).toEqual([]);
    expect(plansBelow('professional')).toEqual(['free', 'standard']);
    expect(plansAbove('standard')).toEqual(['professional', 'enterprise']);
    expect(plansAbove('enterprise')).toEqual([]);
  });
});

describe('features', () => {
  it('lists every feature of the closed list, ignoring stored names outside it', () => {
    const list = featureList(['video', 'unknown']);
    expect(list.find((f) => f.name === 'video')).toEqual({ name: 'video', enabled: true, default: false });
    expect(list.map((f) => f.name)).not.toContain('unknown');
  });
});

describe('feature changes', () => {
  it('turns features on and off, keeping the order and names outside the list', () => {
    expect(withFeatureChanges(['video', 'legacy'], { market: true, video: false })).toEqual([
      'legacy',
      'market',
    ]);
    expect(withFeatureChanges(['video'], { video: true })).toEqual(['video']);
    expect(withFeatureChanges(['video', 'video'], {})).toEqual(['video']);
  });
});

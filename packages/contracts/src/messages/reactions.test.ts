import { describe, expect, it } from 'vitest';
import { EMOJI_MAX_LENGTH, normalisedEmoji } from './reactions.js';

describe('emoji of a reaction', () => {
  it('takes one RGI emoji: plain, skin tone, ZWJ sequence, flag, keycap', () => {
    for (const emoji of ['👍', '👍🏽', '👩‍💻', '👨‍👩‍👧‍👦', '🇳🇱', '🏴‍☠️', '1️⃣', '❤️', '🧑🏿‍🤝‍🧑🏻']) {
      expect(normalisedEmoji(emoji), emoji).toBe(emoji);
    }
  });

  it('gives an emoji typed without its presentation selector the qualified spelling', () => {
    expect(normalisedEmoji('❤')).toBe('❤️');
    expect(normalisedEmoji('☺')).toBe('☺️');
  });

  it('refuses text, several emoji, a lone joiner, and the overlong', () => {
    for (const text of ['', 'a', ':+1:', '👍👍', '👍 ', ' 👍', '\u200d', '1', '#', '<b>👍</b>', '👍\u0000']) {
      expect(normalisedEmoji(text), JSON.stringify(text)).toBeUndefined();
    }
    expect(normalisedEmoji('👍'.repeat(EMOJI_MAX_LENGTH))).toBeUndefined();
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SigningSecretBox } from './signing-secret-box.js';

const box = new SigningSecretBox(randomBytes(32).toString('base64'));

describe('SigningSecretBox', () => {
  it('seals a secret so that the stored value does not contain it, and opens it again', () => {
    const sealed = box.seal('the-secret', 'app-1');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('the-secret');
    expect(box.seal('the-secret', 'app-1')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, 'app-1')).toBe('the-secret');
  });

  it('reads a secret stored in clear as it is', () => {
    expect(SigningSecretBox.isSealed('legacy')).toBe(false);
    expect(box.open('legacy', 'app-1')).toBe('legacy');
  });

  it('refuses another key, another app and a tampered ciphertext', () => {
    const sealed = box.seal('the-secret', 'app-1');
    expect(() => new SigningSecretBox(randomBytes(32).toString('base64')).open(sealed, 'app-1')).toThrow();
    expect(() => box.open(sealed, 'app-2')).toThrow();
    // The first character of the ciphertext: all six of its bits are data (a part's last
    // character may carry bits that decoding ignores).
    const at = sealed.lastIndexOf(':') + 1;
    const tampered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(() => box.open(tampered, 'app-1')).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new SigningSecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

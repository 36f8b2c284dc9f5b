/**
 * App signing secrets encrypted at rest: AES-256-GCM with a key from the environment
 * (`APP_SIGNING_SECRET_KEY`, config.ts). A signing secret cannot be hashed (signing needs it), so
 * the store holds `enc:v1:<iv>:<tag>:<ciphertext>` (base64url; a random 96-bit IV per secret; the
 * app's client id is the additional authenticated data, so a ciphertext moved to another app does
 * not decrypt). A secret stored in clear before this is still read, and encrypted on first use.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;

export class SigningSecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64');
    if (this.key.length !== 32) throw new Error('APP_SIGNING_SECRET_KEY must be 32 bytes, base64-encoded');
  }

  /** Whether a stored value is encrypted (else a secret stored in clear before encryption). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(secret: string, clientId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(clientId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return `${PREFIX}${parts.join(':')}`;
  }

  /** The secret of a stored value: decrypted, or as is when stored in clear. Throws when tampered with. */
  open(stored: string, clientId: string): string {
    if (!SigningSecretBox.isSealed(stored)) return stored;
    const [iv, tag, ciphertext] = stored
      .slice(PREFIX.length)
      .split(':')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !ciphertext) throw new Error('malformed sealed signing secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(clientId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  }
}

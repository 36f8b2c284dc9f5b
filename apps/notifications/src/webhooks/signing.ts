/**
 * Notifications: app webhooks. The Standard Webhooks scheme: a secret `whsec_<base64>`
 * per endpoint; each request carries `webhook-id`, `webhook-timestamp` (unix seconds) and
 * `webhook-signature` = `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. Secrets are stored sealed
 * (AES-256-GCM, `WEBHOOK_SECRET_KEY`; the endpoint's network and app are the additional data, so a
 * sealed secret copied to another endpoint does not open), as auth keeps app signing secrets.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const SEALED = 'enc:v1:';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The three headers of one attempt; `secret` is `whsec_…`. */
export function signatureHeaders(secret: string, msgId: string, body: string, now: Date = new Date()) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': msgId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}

export interface SecretBox {
  seal(secret: string, owner: string): string;
  open(sealed: string, owner: string): string;
}

/** Seals and opens secrets with a 32-byte key (base64); `owner` is `<networkEID>/<appEID>`. */
export function secretBox(base64Key: string): SecretBox {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be 32 bytes, base64-encoded');
  return {
    seal(secret, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(owner));
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return SEALED + [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join(':');
    },
    open(sealed, owner) {
      const [iv, tag, data] = sealed
        .slice(SEALED.length)
        .split(':')
        .map((p) => Buffer.from(p, 'base64url'));
      if (!sealed.startsWith(SEALED) || !iv || !tag || !data) throw new Error('malformed sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(owner));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}

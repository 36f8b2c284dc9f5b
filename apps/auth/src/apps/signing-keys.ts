/**
 * Reading and writing an app's signing key through the `SigningSecretBox`: written
 * sealed; a key stored in clear before encryption is read as is and sealed in place on first use
 * (a conditional update: a rotation meanwhile wins).
 */
import type { AppsStore } from './dependencies.js';
import { SigningSecretBox } from './signing-secret-box.js';

export async function storeSigningKey(
  models: AppsStore,
  box: SigningSecretBox,
  clientId: string,
  secret: string,
  keyId: string,
): Promise<void> {
  await models.AppSigningKey.updateOne(
    { clientId },
    { $set: { secret: box.seal(secret, clientId), keyId } },
    { upsert: true },
  );
}

/** The app's signing key in clear, or null when it has none. */
export async function readSigningKey(
  models: AppsStore,
  box: SigningSecretBox,
  clientId: string,
): Promise<{ secret: string; keyId: string } | null> {
  const key = await models.AppSigningKey.findOne({ clientId }, { secret: 1, keyId: 1 }).lean();
  if (!key) return null;
  if (!SigningSecretBox.isSealed(key.secret)) {
    await models.AppSigningKey.updateOne(
      { clientId, secret: key.secret },
      { $set: { secret: box.seal(key.secret, clientId) } },
    );
  }
  return { secret: box.open(key.secret, clientId), keyId: key.keyId };
}

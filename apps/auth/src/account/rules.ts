/**
 * Pure rules of the account operations: settings with their defaults, the undismissed
 * features, and presence as others read it.
 */
import {
  newFeatureKeys,
  userSettingDefaults,
  userSettingKeys,
  type NewFeatureKey,
  type PresenceStatus,
  type UserSettingKey,
} from '@ncs/contracts';

/** `online` without an update for this long reads as `away` (a client that vanished without saying so). */
export const PRESENCE_STALE_MS = 5 * 60_000;

type Settings = {
  -readonly [K in UserSettingKey]: (typeof userSettingDefaults)[K] | string | boolean | null;
};

/** Every known setting: the stored value, or its default. */
export function settingsWithDefaults(stored: Partial<Record<UserSettingKey, unknown>> | null): Settings {
  const settings = { ...userSettingDefaults } as Settings;
  for (const key of userSettingKeys) {
    const value = stored?.[key];
    if (typeof value === 'string' || typeof value === 'boolean') settings[key] = value;
  }
  return settings;
}

/** The update of a settings body: `$set` for values, `$unset` for `null` (back to the default). */
export function settingsUpdate(body: Partial<Record<UserSettingKey, unknown>>) {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  for (const key of userSettingKeys) {
    if (!(key in body) || body[key] === undefined) continue;
    if (body[key] === null) unset[key] = '';
    else set[key] = body[key];
  }
  return { set, unset };
}

/** The new features not dismissed yet, in catalogue order. */
export function undismissed(dismissed: readonly string[]): NewFeatureKey[] {
  const seen = new Set(dismissed);
  return newFeatureKeys.filter((key) => !seen.has(key));
}

export interface StoredPresence {
  readonly status: string;
  readonly lastSeenAt: Date;
}

/**
 * A presence as a member reads it: never set (or hidden by the person's `showPresence: false`)
 * is `offline` without `lastSeenAt`; `online` not refreshed for PRESENCE_STALE_MS is `away`.
 */
export function readPresence(
  stored: StoredPresence | null,
  now: Date,
  hidden = false,
): { status: PresenceStatus; lastSeenAt: Date | null } {
  if (!stored || hidden) return { status: 'offline', lastSeenAt: null };
  const status = stored.status as PresenceStatus;
  const stale = status === 'online' && now.getTime() - stored.lastSeenAt.getTime() > PRESENCE_STALE_MS;
  return { status: stale ? 'away' : status, lastSeenAt: stored.lastSeenAt };
}

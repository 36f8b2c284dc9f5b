/**
 * The rules of the menu, widgets and lobby as plain functions (spec: Network and sessions; gates
 * `menu.celebrations`, `widgets.celebrations`). No I/O: the handlers feed them what they read.
 */
import { createHash } from 'node:crypto';
import {
  describeSupportedVersions,
  DomainError,
  isGateOpen,
  isSupportedVersion,
  type MenuDevice,
  isEid,
} from '@ncs/contracts';

export const FEATURE_CELEBRATIONS_REDESIGN = 'celebrations_redesign';
export const FEATURE_NO_BIRTH_INFO = 'no_birth_info';
export const FEATURE_AI_ASSISTANT_SETTINGS = 'ai_assistant_settings';

/**
 * The version whose menu rules apply: the `version` query value when given (it must be a
 * supported API version), else the negotiated API version.
 */
export function menuVersion(requested: string | undefined, negotiated: string): string {
  if (requested === undefined) return negotiated;
  if (!isSupportedVersion(requested)) {
    const message = `${requested} is not a supported API version (${describeSupportedVersions()})`;
    throw new DomainError('SETTINGS_ERR_UNSUPPORTED_MENU_VERSION', `version ${message}.`, [
      { pointer: '/query/version', message },
    ]);
  }
  return requested;
}

/** Menu item `celebrations`: ios or android, feature `celebrations_redesign`, version 2026.1.7 or newer. */
export function menuShowsCelebrations(
  device: MenuDevice,
  features: readonly string[],
  version: string,
): boolean {
  return (
    (device === 'ios' || device === 'android') &&
    features.includes(FEATURE_CELEBRATIONS_REDESIGN) &&
    isGateOpen('menu.celebrations', version)
  );
}

/**
 * The extra widget `{widgetType: celebrations, type: widget, visible: true}`: feature
 * `celebrations_redesign` on, `no_birth_info` off, a client version that supports it, and no
 * `celebrations` widget stored for the network already.
 */
export function widgetsAddCelebrations(
  features: readonly string[],
  version: string,
  celebrationsStored: boolean,
): boolean {
  return (
    !celebrationsStored &&
    features.includes(FEATURE_CELEBRATIONS_REDESIGN) &&
    !features.includes(FEATURE_NO_BIRTH_INFO) &&
    isGateOpen('widgets.celebrations', version)
  );
}

/** App items and custom links marked `includeExternalUsers: false` are left out for external users. */
export function visibleInMenu(item: { includeExternalUsers: boolean }, callerIsExternal: boolean): boolean {
  return !callerIsExternal || item.includeExternalUsers;
}

/**
 * Whether an entry point of an installed app's manifest makes a menu item: context `appMenuItem`
 * (spec: "appMenuItem context") with `hasMenuItem`. Manifest validation already refuses
 * `hasMenuItem` on other contexts; the menu checks both so no widget or lightbox ever reaches it.
 */
export function isMenuEntryPoint(entry: { context: string; hasMenuItem?: boolean | null }): boolean {
  return entry.context === 'appMenuItem' && entry.hasMenuItem === true;
}

/**
 * The EID of an app's menu item: derived from the app and the entry point's name (unique in a
 * manifest), so it stays the same across manifest updates and never names a stored custom link.
 */
export function appMenuItemEID(appEID: string, entryPointName: string): string {
  return createHash('sha256').update(`app_menu_item:${appEID}:${entryPointName}`).digest('hex').slice(0, 24);
}

/**
 * `config.aiAssistantProfileEID`: the assistant's profile EID when the network has feature
 * `ai_assistant_settings` AND the owner of assistants (messaging) names one; otherwise null. The
 * owner is not asked when the feature is off.
 */
export async function aiAssistantProfileEID(
  features: readonly string[],
  askAssistantOwner: () => Promise<unknown>,
): Promise<string | null> {
  if (!features.includes(FEATURE_AI_ASSISTANT_SETTINGS)) return null;
  const reply = await askAssistantOwner();
  const profileEID = (reply as { profileEID?: unknown } | null)?.profileEID;
  return isEid(profileEID) ? profileEID : null;
}

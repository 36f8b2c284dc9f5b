/**
 * Setup for the settings area that has no API (yet): network features (owned by the network
 * settings) and stored widgets, written to the real store. App entry points come from app manifests,
 * registered and installed over HTTP (`apps.ts`).
 */
import { authModels } from './core.js';

/** Sets the network's feature list (e.g. `celebrations_redesign`, `no_birth_info`, `ai_assistant_settings`). */
export async function setNetworkFeatures(networkEID: string, features: string[]): Promise<void> {
  const models = await authModels();
  await models.Network.updateOne({ _id: networkEID }, { $set: { features } });
}

/** Stores a widget for the network; returns its EID. */
export async function storeWidget(
  networkEID: string,
  widgetType: string,
  fields: { visible?: boolean; position?: number } = {},
): Promise<string> {
  const models = await authModels();
  const [widget] = await models.Widget.insertMany([{ networkEID, widgetType, ...fields }]);
  return String(widget!._id);
}

/**
 * Setup for the settings area that has no API (yet): network features (owned by the network
 * settings), app entry points (app manifests) and stored widgets, written to the real store.
 */
import { authModels } from './factories.js';

/** Sets the network's feature list (e.g. `celebrations_redesign`, `no_birth_info`, `ai_assistant_settings`). */
export async function setNetworkFeatures(networkEID: string, features: string[]): Promise<void> {
  const models = await authModels();
  await models.Network.updateOne({ _id: networkEID }, { $set: { features } });
}

/** Stores an app entry point in the network (the app must be installed to reach the menu). */
export async function addAppEntryPoint(
  networkEID: string,
  clientId: string,
  fields: {
    localLabel?: string;
    fallbackUrl?: string;
    hasMenuItem?: boolean;
    includeExternalUsers?: boolean;
    isDynamic?: boolean;
  } = {},
): Promise<string> {
  const models = await authModels();
  const entry = await models.AppEntryPoint.findOneAndUpdate(
    { networkEID, clientId },
    { $set: { hasMenuItem: true, ...fields } },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  return String(entry._id);
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

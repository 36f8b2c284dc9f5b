/** Whether a person lets the network see their presence (`showPresence`, default true). */
import type { AccountStore } from './dependencies.js';

export async function showsPresence(
  models: Pick<AccountStore, 'UserSettings'>,
  networkEID: string,
  profileEID: string,
): Promise<boolean> {
  const settings = await models.UserSettings.findOne({ networkEID, profileEID }, { showPresence: 1 }).lean();
  return settings?.showPresence !== false;
}

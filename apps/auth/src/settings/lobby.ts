/**
 * Lobby data (spec: `GET /lobby/data`): what a client needs to open a network. The gateway chooses
 * the network (`network=<EID>`, else the caller's oldest membership; route field `networkQuery`).
 * `config.aiAssistantProfileEID` is always present: the assistant's profile when the network has
 * feature `ai_assistant_settings` and messaging (the owner of assistants) names one, else null.
 */
import { internalSubjects, type PlainResource, type RequestContext } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { SettingsStore } from './dependencies.js';
import { settingsCaller } from './access.js';
import { aiAssistantProfileEID } from './rules.js';

export async function getLobbyData(
  models: SettingsStore,
  rpc: RpcClient,
  ctx: RequestContext,
): Promise<PlainResource> {
  const caller = await settingsCaller(models, ctx);
  const assistant = await aiAssistantProfileEID(caller.network.features ?? [], () =>
    rpc.request(internalSubjects.aiAssistantProfile, { ctx }),
  );
  return {
    type: 'lobby_data',
    EID: caller.networkEID,
    network: { type: 'network', EID: caller.networkEID },
    config: { aiAssistantProfileEID: assistant },
  };
}

/**
 * The owner's part of the badge counters (route `badgeCounters.get`): it decides access (an active
 * member of the network, else 404); the gateway adds the counters of messaging and notifications.
 */
export async function badgeCountersOwner(models: SettingsStore, ctx: RequestContext): Promise<PlainResource> {
  const caller = await settingsCaller(models, ctx);
  return { type: 'badge_counters', EID: caller.profileEID };
}

/**
 * The AI assistant: handlers of its routes (contracts `assistantRoutes`) and of auth's
 * lobby question `aiAssistantProfile` (the network's assistant profile, null when none exists).
 */
import { assistantRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { createAssistant, findSettings, getSettings, updateSettings } from './settings.js';
import { dispatchWelcome } from './welcome.js';
import type { AssistantStore } from './models.js';

export const assistantHandlers = defineHandlers<WriteDeps<AssistantStore>>()(assistantRoutes, {
  'aiAssistantSettings.get': ({ ctx }, { models, rpc }) => getSettings(models, rpc, callerOf(ctx)),
  'aiAssistantSettings.update': ({ ctx, body }, { models, rpc }) =>
    updateSettings(models, rpc, callerOf(ctx), body),
  'aiAssistant.create': ({ ctx, body }, { models, rpc }) =>
    createAssistant(models, rpc, callerOf(ctx), body ?? {}),
  'aiWelcomeMessage.dispatch': ({ ctx }, { models, rpc, outbox }) =>
    dispatchWelcome(models, rpc, outbox, callerOf(ctx)),
});

/** Auth's lobby (`config.aiAssistantProfileEID`) asks; auth has checked the feature. */
export async function assistantProfileOf(
  models: AssistantStore,
  networkEID: string,
): Promise<{ profileEID: string | null }> {
  const settings = await findSettings(models, networkEID);
  return { profileEID: settings?.assistantEID ?? null };
}

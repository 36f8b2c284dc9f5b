/**
 * Messaging → auth (`rpc.auth.aiAssistant.standing`): where the caller stands for the AI assistant
 * (network administrator, feature `ai_assistant_settings`) and the network's bot profile; with
 * `create: true`, creates that bot profile (`isBot` true, so `scope=chat` lists it first). Once per
 * network: the bot's `accountId` is derived from the network, and the unique index
 * `{networkEID, accountId}` refuses a second one, also when two creations race. The bot has no
 * account: nobody signs in as it (docs/decisions.md, "Messaging: chat, conversations and the AI
 * assistant").
 */
import { createHash } from 'node:crypto';
import type { AiAssistantStanding, RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { ChatStore } from './dependencies.js';
import { FEATURE_AI_ASSISTANT_SETTINGS } from '../settings/rules.js';
import { findMemberCaller } from '../core/callers.js';

/** The `accountId` of a network's AI assistant bot: 24 hex characters no real account has. */
export function aiAssistantAccountId(networkEID: string): string {
  return createHash('sha256').update(`ai_assistant:${networkEID}`).digest('hex').slice(0, 24);
}

export async function aiAssistantStanding(
  models: ChatStore,
  ctx: RequestContext,
  body: unknown,
): Promise<AiAssistantStanding> {
  const caller = await findMemberCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const featureEnabled = (caller.network.features ?? []).includes(FEATURE_AI_ASSISTANT_SETTINGS);
  const accountId = aiAssistantAccountId(networkEID);
  const create = (body as { create?: unknown } | null)?.create === true;
  let created = false;
  if (create && featureEnabled && caller.admin) {
    try {
      await models.Profile.create({
        networkEID,
        accountId,
        isBot: true,
        firstName: 'AI',
        lastName: 'Assistant',
        chatEnabled: true,
      });
      created = true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  const bot = await models.Profile.findOne({ networkEID, accountId }, { _id: 1 }).lean();
  return {
    networkAdmin: caller.admin,
    featureEnabled,
    profileEID: bot ? String(bot._id) : null,
    created,
  };
}

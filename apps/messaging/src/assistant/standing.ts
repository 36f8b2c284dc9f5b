/**
 * Where the caller stands for the AI assistant, asked of auth (the owner of profiles and network
 * features) in one request: `aiAssistantStanding`. The feature `ai_assistant_settings` is required
 * for every assistant route (403 without it); writes are for network administrators (403).
 */
import {
  DomainError,
  internalSubjects,
  type AiAssistantStanding,
  type AiAssistantStandingRequest,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';

export async function assistantStanding(
  rpc: RpcClient,
  caller: Caller,
  options: { readonly write: boolean; readonly create?: boolean },
): Promise<AiAssistantStanding> {
  const body: AiAssistantStandingRequest = { create: options.create === true };
  const standing = await rpc.request(internalSubjects.aiAssistantStanding, {
    ctx: caller.ctx,
    body,
  });
  requireStanding(standing, options.write);
  return standing;
}

/** The feature first (nobody learns more without it), then the administrator for writes. */
export function requireStanding(
  standing: Pick<AiAssistantStanding, 'featureEnabled' | 'networkAdmin'>,
  write: boolean,
): void {
  if (!standing.featureEnabled) throw new DomainError('MESSAGING_ERR_AI_ASSISTANT_DISABLED');
  if (write && !standing.networkAdmin) throw new DomainError('MESSAGING_ERR_AI_ASSISTANT_ADMIN_ONLY');
}

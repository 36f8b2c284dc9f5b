/**
 * The AI welcome message (spec "States and transitions", AI welcome message): a chat message from
 * the assistant's bot profile in its one-to-one conversation with the person. The first dispatch
 * of a network claims a unique receipt (the network's own EID), stamps `welcomeMessageActivatedAt` and welcomes every current
 * member; later and racing dispatches lose the claim and change nothing. Each person holds one
 * receipt (unique `{networkEID, profileEID}`), so a dispatch and an activation never welcome the
 * same person twice.
 */
import {
  DomainError,
  internalSubjects,
  toTimestamp,
  type AddresseesPage,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError, type Outbox, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { sendChatMessage } from '../chat/chat-messages.js';
import { openConversation } from '../chat/conversations.js';
import { findSettings } from './settings.js';
import { assistantStanding } from './standing.js';
import type { AssistantStore } from './models.js';

/** The welcome text, with the company's own words when the settings have them. */
export function welcomeHtml(companyInfo: string): string {
  const intro = '<p>Hello! I am your AI assistant. Ask me anything about your work here.</p>';
  if (!companyInfo) return intro;
  const escaped = companyInfo.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `${intro}<p>${escaped}</p>`;
}

/** True when this call claimed the receipt (first time for `profileEID` in the network). */
async function claim(models: AssistantStore, networkEID: string, profileEID: string): Promise<boolean> {
  try {
    await models.assistant.WelcomeReceipt.create({ networkEID, profileEID });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Welcomes each person once (the bot itself never). Returns how many were welcomed now. */
export async function welcomePeople(
  models: AssistantStore,
  outbox: Outbox,
  networkEID: string,
  assistantEID: string,
  companyInfo: string,
  profileEIDs: readonly string[],
): Promise<number> {
  const htmlBody = welcomeHtml(companyInfo);
  let sent = 0;
  for (const profileEID of profileEIDs) {
    if (profileEID === assistantEID || !(await claim(models, networkEID, profileEID))) continue;
    const { conversation } = await openConversation(models, networkEID, assistantEID, [
      assistantEID,
      profileEID,
    ]);
    await sendChatMessage(models, outbox, networkEID, conversation, assistantEID, htmlBody);
    sent += 1;
  }
  return sent;
}

/** Every active member of the network, in keyset pages from auth. */
async function everyMember(rpc: RpcClient, ctx: RequestContext): Promise<string[]> {
  const EIDs: string[] = [];
  let after: string | null = null;
  do {
    const page: AddresseesPage = await rpc.request(internalSubjects.addresseesPage, {
      ctx,
      body: { groupEID: null, after, limit: 1000 },
    });
    EIDs.push(...page.items.map((item) => item.EID));
    after = page.next;
  } while (after !== null);
  return EIDs;
}

export async function dispatchWelcome(
  models: AssistantStore,
  rpc: RpcClient,
  outbox: Outbox,
  caller: Caller,
) {
  await assistantStanding(rpc, caller, { write: true });
  const settings = await findSettings(models, caller.networkEID);
  if (!settings?.assistantEID) throw new DomainError('MESSAGING_ERR_AI_ASSISTANT_MISSING');
  const first = await claim(models, caller.networkEID, caller.networkEID);
  let activatedAt = settings.welcomeMessageActivatedAt;
  if (first) {
    activatedAt = new Date();
    await models.assistant.AiSettings.updateOne(
      { networkEID: caller.networkEID, welcomeMessageActivatedAt: null },
      { $set: { welcomeMessageActivatedAt: activatedAt } },
    );
    const members = await everyMember(rpc, caller.ctx);
    await welcomePeople(
      models,
      outbox,
      caller.networkEID,
      settings.assistantEID,
      settings.companyInfo ?? '',
      members,
    );
  } else if (!activatedAt) {
    // The winner of a race has not stamped yet: answer its claim's time.
    const receipt = await models.assistant.WelcomeReceipt.findOne({
      networkEID: caller.networkEID,
      profileEID: caller.networkEID,
    }).lean();
    activatedAt = receipt?.created ?? new Date();
  }
  return {
    type: 'ai_welcome_dispatch',
    data: { dispatched: first, welcomeMessageActivatedAt: toTimestamp(activatedAt) },
  };
}

/**
 * AI assistant settings and creation (spec "AI assistants"): one settings document per
 * network, created on the first write (upsert on the unique `networkEID`); reading without one
 * answers the defaults. The assistant itself is a bot profile in auth (`aiAssistantStanding` with
 * `create`); its EID is kept here for the lobby and the welcome message.
 */
import { DomainError, toTimestamp, type PlainResource } from '@ncs/contracts';
import { isDuplicateKeyError, withStatus, type RequestOf, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { AiSettingsDoc } from './models.js';
import { assistantStanding } from './standing.js';
import type { AssistantStore } from './models.js';

type SettingsBody = RequestOf<'aiAssistantSettings.update'>['body'];
type CreateBody = RequestOf<'aiAssistant.create'>['body'];

type SettingsView = Pick<
  AiSettingsDoc,
  'companyInfo' | 'welcomeMessageAutoSendEnabled' | 'welcomeMessageActivatedAt' | 'assistantEID'
>;

const DEFAULTS: SettingsView = {
  companyInfo: '',
  welcomeMessageAutoSendEnabled: false,
  welcomeMessageActivatedAt: null,
  assistantEID: null,
};

export function presentSettings(networkEID: string, settings: SettingsView | null): PlainResource {
  const view = settings ?? DEFAULTS;
  return {
    type: 'ai_assistant_settings',
    EID: networkEID,
    companyInfo: view.companyInfo ?? '',
    welcomeMessageActivatedAt: view.welcomeMessageActivatedAt
      ? toTimestamp(view.welcomeMessageActivatedAt)
      : null,
    welcomeMessageAutoSendEnabled: view.welcomeMessageAutoSendEnabled ?? false,
    assistant: view.assistantEID ? { type: 'user', EID: view.assistantEID } : null,
  };
}

export function findSettings(models: AssistantStore, networkEID: string): Promise<AiSettingsDoc | null> {
  return models.assistant.AiSettings.findOne({ networkEID }).lean<AiSettingsDoc>();
}

export async function getSettings(models: AssistantStore, rpc: RpcClient, caller: Caller) {
  await assistantStanding(rpc, caller, { write: false });
  return presentSettings(caller.networkEID, await findSettings(models, caller.networkEID));
}

/** Upsert on the unique `networkEID`: two first writes racing leave one document. */
async function writeSettings(
  models: AssistantStore,
  networkEID: string,
  set: Partial<Pick<AiSettingsDoc, 'companyInfo' | 'welcomeMessageAutoSendEnabled' | 'assistantEID'>>,
): Promise<AiSettingsDoc> {
  const update = { $set: { networkEID, ...set } };
  for (let attempt = 0; ; attempt += 1) {
    try {
      // With `upsert` and `returnDocument: 'after'`, the document is always answered.
      return await models.assistant.AiSettings.findOneAndUpdate({ networkEID }, update, {
        upsert: true,
        returnDocument: 'after',
      }).lean<AiSettingsDoc>();
    } catch (error) {
      // The other upsert inserted first: update the document it made.
      if (attempt > 0 || !isDuplicateKeyError(error)) throw error;
    }
  }
}

export async function updateSettings(
  models: AssistantStore,
  rpc: RpcClient,
  caller: Caller,
  body: SettingsBody,
) {
  await assistantStanding(rpc, caller, { write: true });
  const set = {
    ...(body.companyInfo !== undefined ? { companyInfo: body.companyInfo } : {}),
    ...(body.welcomeMessageAutoSendEnabled !== undefined
      ? { welcomeMessageAutoSendEnabled: body.welcomeMessageAutoSendEnabled }
      : {}),
  };
  return presentSettings(caller.networkEID, await writeSettings(models, caller.networkEID, set));
}

/** Creates the bot profile once (auth refuses a second one by a unique index): 409 when it exists. */
export async function createAssistant(
  models: AssistantStore,
  rpc: RpcClient,
  caller: Caller,
  body: CreateBody,
) {
  const standing = await assistantStanding(rpc, caller, { write: true, create: true });
  if (!standing.created || standing.profileEID === null) {
    throw new DomainError('MESSAGING_ERR_AI_ASSISTANT_EXISTS');
  }
  const settings = await writeSettings(models, caller.networkEID, {
    assistantEID: standing.profileEID,
    ...(body.companyInfo !== undefined ? { companyInfo: body.companyInfo } : {}),
  });
  return withStatus(201, {
    type: 'ai_assistant',
    EID: standing.profileEID,
    profile: { type: 'user', EID: standing.profileEID },
    companyInfo: settings.companyInfo ?? '',
  });
}

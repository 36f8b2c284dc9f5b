/**
 * Routes of the AI assistant (spec "AI assistants", "States and transitions" AI welcome
 * message). Owned by messaging; the bot profile lives in auth (subject `aiAssistantStanding`).
 * Rules: docs/decisions.md, "Messaging: chat, conversations and the AI assistant".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams } from '../core/schemas.js';
import {
  AiAssistantCreateBody,
  AiAssistantResource,
  AiAssistantSettingsBody,
  AiAssistantSettingsResource,
  WelcomeDispatchResource,
} from './resources.js';

const common = { service: 'messaging', tag: 'AI assistant', scope: 'network', format: 'hal' } as const;
const SETTINGS = '/networks/{networkEID}/ai-assistants-settings';

export const assistantRoutes = [
  route({
    ...common,
    id: 'aiAssistantSettings.get',
    method: 'GET',
    path: `${SETTINGS}/`,
    summary: "The network's AI assistant settings (feature `ai_assistant_settings`, else 403)",
    params: NetworkParams,
    reply: { status: 200, schema: AiAssistantSettingsResource },
  }),
  route({
    ...common,
    id: 'aiAssistantSettings.update',
    method: 'PUT',
    path: `${SETTINGS}/`,
    summary:
      'Change `companyInfo` (at most 255 characters) and `welcomeMessageAutoSendEnabled` (network administrators)',
    params: NetworkParams,
    body: AiAssistantSettingsBody,
    reply: { status: 200, schema: AiAssistantSettingsResource },
  }),
  route({
    ...common,
    id: 'aiAssistant.create',
    method: 'POST',
    path: '/networks/{networkEID}/ai-assistants/',
    summary:
      "Create the network's AI assistant, a bot profile (`isBot`) listed first by `scope=chat` (network administrators); 409 when it exists",
    params: NetworkParams,
    body: AiAssistantCreateBody,
    reply: { status: 201, schema: AiAssistantResource },
  }),
  route({
    ...common,
    id: 'aiWelcomeMessage.dispatch',
    method: 'POST',
    path: `${SETTINGS}/welcome-message/dispatch`,
    summary:
      'Send the welcome message from the assistant to every current member: only the first call stamps `welcomeMessageActivatedAt` and sends (network administrators)',
    params: NetworkParams,
    reply: { status: 200, schema: WelcomeDispatchResource },
  }),
] as const satisfies readonly RouteDefinition[];

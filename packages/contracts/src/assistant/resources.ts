/**
 * Resources of the AI assistant (spec "AI assistants", "Other resources: fields
 * recorded" `ai_assistant_settings`, "Limits" `companyInfo`). Rules: docs/decisions.md, "Messaging:
 * chat, conversations and the AI assistant".
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  EID_PATTERN,
  halActionResult,
  halResource,
  Nullable,
  Ref,
  strictObject,
  Timestamp,
} from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';

/** Spec "Limits": `companyInfo` is at most 255 characters. */
export const COMPANY_INFO_MAX_LENGTH = 255;

const CompanyInfo = Text({
  maxLength: COMPANY_INFO_MAX_LENGTH,
  description: 'What the assistant knows about the company (at most 255 characters)',
});

export const AiAssistantSettingsResource = halResource(
  'ai_assistant_settings',
  {
    EID: Type.String({ pattern: EID_PATTERN, description: 'The network whose assistant settings these are' }),
    companyInfo: CompanyInfo,
    /** Read-only: when the welcome message was first dispatched; null before. */
    welcomeMessageActivatedAt: Nullable(Timestamp),
    welcomeMessageAutoSendEnabled: Type.Boolean({
      description: 'Whether a person whose membership becomes active receives the welcome message',
    }),
    assistant: Nullable(Ref('user')),
  },
  "The network's AI assistant settings (feature `ai_assistant_settings`).",
);

export const AiAssistantSettingsBody = strictObject({
  companyInfo: Type.Optional(CompanyInfo),
  welcomeMessageAutoSendEnabled: Type.Optional(Type.Boolean()),
});

export const AiAssistantCreateBody = strictObject({ companyInfo: Type.Optional(CompanyInfo) });

export const AiAssistantResource = halResource(
  'ai_assistant',
  {
    EID: Type.String({ pattern: EID_PATTERN, description: 'The assistant’s bot profile (as `profile.EID`)' }),
    profile: Ref('user'),
    companyInfo: CompanyInfo,
  },
  "The network's AI assistant: a bot profile of the directory (`isBot` true).",
);

export const WelcomeDispatchResource = halActionResult(
  'ai_welcome_dispatch',
  {
    dispatched: Type.Boolean({ description: 'true for the call that sent the welcome message' }),
    welcomeMessageActivatedAt: Timestamp,
  },
  'The outcome of a welcome-message dispatch: only the first call sends it.',
);

/** Messaging → auth (`aiAssistantStanding`): the body. `create`: create the network's bot profile. */
export const AiAssistantStandingRequestSchema = Type.Object({ create: Type.Boolean() });
export type AiAssistantStandingRequest = Static<typeof AiAssistantStandingRequestSchema>;

/** The answer of `aiAssistantStanding`. `created` is true only for the call that created the bot. */
export const AiAssistantStandingSchema = Type.Object({
  networkAdmin: Type.Boolean(),
  featureEnabled: Type.Boolean(),
  profileEID: Type.Union([Type.String(), Type.Null()]),
  created: Type.Boolean(),
});
export type AiAssistantStanding = Static<typeof AiAssistantStandingSchema>;

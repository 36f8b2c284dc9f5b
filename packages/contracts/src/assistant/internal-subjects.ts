/** The AI assistant: its bot profile and the caller's standing, both kept by auth. */
import { Type } from '@sinclair/typebox';
import { NoBody, defineInternalSubject } from '../core/internal-subject.js';
import { Nullable } from '../core/schemas.js';
import { AiAssistantStandingRequestSchema, AiAssistantStandingSchema } from './resources.js';

export const assistantInternalSubjects = {
  aiAssistantProfile: defineInternalSubject({
    service: 'messaging',
    resource: 'aiAssistant',
    action: 'profile',
    description: "Auth → messaging: the profile of the network's AI assistant (null: none).",
    request: NoBody,
    reply: Type.Object({ profileEID: Nullable(Type.String()) }),
  }),
  aiAssistantStanding: defineInternalSubject({
    service: 'auth',
    resource: 'aiAssistant',
    action: 'standing',
    description:
      "Messaging → auth: the caller's standing for the AI assistant in `ctx.networkEID` and the network's bot profile; `create: true` creates the bot profile, once per network, network administrators with the feature only.",
    request: AiAssistantStandingRequestSchema,
    reply: AiAssistantStandingSchema,
  }),
} as const;

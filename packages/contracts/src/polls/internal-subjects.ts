/** Polls: the network of a poll, for the network-less `/polls/{pollEID}/…` routes (`networkFrom`). */
import { Type } from '@sinclair/typebox';
import { defineInternalSubject } from '../core/internal-subject.js';
import { Nullable } from '../core/schemas.js';

export const pollsInternalSubjects = {
  pollNetwork: defineInternalSubject({
    service: 'messaging',
    resource: 'poll',
    action: 'network',
    description: 'Gateway → messaging: the network of a poll (null when no such poll exists).',
    request: Type.Object({ EID: Type.String() }),
    reply: Type.Object({ networkEID: Nullable(Type.String()) }),
  }),
} as const;

/**
 * Journeys: a journey as a plain resource. Correct choices are shown to network
 * administrators only (participants answer the quiz); `_meta` under gate 2025.3.0 (rules.ts);
 * `_embedded.recipients` a page of the named recipients when asked.
 */
import { toTimestamp, type PlainResource } from '@ncs/contracts';
import type { Page } from '@ncs/service-kit';
import { userRef } from '../messages/presentation.js';
import type { JourneyDoc } from './models.js';
import type { StoredStep } from './rules.js';

export interface JourneyView {
  readonly admin: boolean;
  readonly meta: boolean;
  /** The page of recipients to embed, if asked. */
  readonly recipients?: Page | undefined;
}

function presentStep(step: StoredStep, admin: boolean) {
  if (step.kind === 'message') return { EID: step.EID, kind: step.kind, text: step.text };
  return {
    EID: step.EID,
    kind: step.kind,
    text: step.text,
    multiple: step.multiple,
    choices: step.choices.map((c) => ({
      EID: c.EID,
      text: c.text,
      ...(admin ? { correct: c.correct } : {}),
    })),
  };
}

export const stepsOf = (journey: JourneyDoc) => journey.steps as unknown as readonly StoredStep[];

export function presentJourney(journey: JourneyDoc, view: JourneyView): PlainResource {
  const steps = stepsOf(journey);
  const resource: { type: string; [field: string]: unknown } = {
    type: 'journey',
    EID: String(journey._id),
    name: journey.name,
    description: journey.description ?? '',
    status: journey.status ?? 'draft',
    failureReason: journey.failureReason ?? null,
    steps: steps.map((step) => presentStep(step, view.admin)),
    author: userRef(journey.authorEID),
    launchedBy: journey.launchedByEID ? userRef(journey.launchedByEID) : null,
    launchedAt: journey.launchedAt ? toTimestamp(journey.launchedAt) : null,
    created: toTimestamp(journey.created),
    updated: toTimestamp(journey.lastModified),
  };
  if (view.meta) {
    resource._meta = {
      numSteps: steps.length,
      numQuestions: steps.filter((s) => s.kind === 'question').length,
      numRecipients: journey.recipients.length,
      numParticipants: journey.numParticipants ?? 0,
    };
  }
  if (view.recipients) {
    const { offset, limit } = view.recipients;
    const page = journey.recipients.slice(offset, offset + limit).map((r) => ({ type: r.type, EID: r.EID }));
    resource._embedded = { recipients: page };
  }
  return resource;
}

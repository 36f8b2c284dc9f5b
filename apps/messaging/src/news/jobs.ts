/** News jobs as their requester sees them: created for the caller, read back by the caller only. */
import { DomainError, isEid, type EventData } from '@ncs/contracts';
import type { Outbox } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { peopleAudience } from '../messages/audience.js';
import { userRef } from '../messages/presentation.js';
import type { NewsJobDoc } from './jobs-model.js';
import type { NewsStore } from './jobs-model.js';

type JobKind = 'duplication' | 'addressee_export';

export async function createJob(
  models: NewsStore,
  caller: Caller,
  kind: JobKind,
  messageEID: string,
): Promise<NewsJobDoc> {
  const job = await models.NewsJob.create({
    networkEID: caller.networkEID,
    kind,
    requesterEID: caller.profileEID,
    messageEID,
  });
  return job.toObject<NewsJobDoc>();
}

/** A job of `kind` the caller asked for; anyone else's, another kind's or another network's: 404. */
export async function requesterJob(
  models: NewsStore,
  caller: Caller,
  jobEID: string,
  kind: JobKind,
  withCsv = false,
): Promise<NewsJobDoc> {
  const job = isEid(jobEID)
    ? await models.NewsJob.findById(jobEID, withCsv ? {} : { csv: 0 }).lean<NewsJobDoc>()
    : null;
  if (
    !job ||
    job.kind !== kind ||
    job.networkEID !== caller.networkEID ||
    job.requesterEID !== caller.profileEID
  ) {
    throw new DomainError('MESSAGING_ERR_JOB_NOT_FOUND');
  }
  return job;
}

/** The events that end a job. */
type JobEndName =
  | 'messaging.news.duplication_succeeded'
  | 'messaging.news.duplication_failed'
  | 'messaging.news.addressee_export_succeeded'
  | 'messaging.news.addressee_export_failed';

/** One job end: the event's name and its data but the recipient (the requester, added here). */
export type JobEnd = {
  [N in JobEndName]: { readonly name: N; readonly data: Omit<EventData<N>, 'recipient'> };
}[JobEndName];

/**
 * The event that ends a job (`events.messaging.news.<verb>`), for the requester's alert: `alert`,
 * `recipient` (the requester), `job`, and what the kind adds; the requester alone sees it.
 */
export function recordJobEnd(outbox: Outbox, job: NewsJobDoc, end: JobEnd) {
  return outbox.record(end.name, {
    networkEID: job.networkEID,
    actor: userRef(job.requesterEID),
    audience: peopleAudience([job.requesterEID]),
    data: { ...end.data, recipient: userRef(job.requesterEID) },
  });
}

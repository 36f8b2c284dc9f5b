/** News jobs as their requester sees them: created for the caller, read back by the caller only. */
import { DomainError, isEid } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { MessagingModels } from '../messages/models.js';
import type { NewsJobDoc } from './jobs-model.js';

type JobKind = 'duplication' | 'addressee_export';

export async function createJob(
  models: MessagingModels,
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
  models: MessagingModels,
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

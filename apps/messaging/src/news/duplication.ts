/**
 * Duplicating a news item: the request answers 202 at once with a job; a worker claims
 * the job with a lease and writes the copy (a draft of the requester's, `isDuplicate`,
 * `originalAuthor`), then records `events.messaging.news.duplication_succeeded` or `_failed` for
 * the alert `DUPLICATION_PROCESS_SUCEEDED` / `DUPLICATION_PROCESS_FAILED` to the requester. The copy
 * takes the job's EID as its own, so a job run twice (a lease expired mid-way) writes one copy.
 */
import { DomainError, toTimestamp } from '@ncs/contracts';
import { isDuplicateKeyError, type Outbox, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary } from '../messages/presentation.js';
import { searchTokensOf } from '../messages/search-tokens.js';
import { findReadableMessage } from '../messages/reading.js';
import { requireGroupPoster } from '../messages/rules.js';
import type { WriteDeps } from '../messages/deps.js';
import { claim } from '../messages/lease.js';
import { runExport } from './addressee-export.js';
import type { NewsJobDoc } from './jobs-model.js';
import { createJob, recordJobEnd, requesterJob } from './jobs.js';
import { requireNewsPoster } from './rules.js';
import type { NewsStore } from './jobs-model.js';

/** How long a worker holds a claimed job before another instance may take it. */
export const JOB_LEASE_MS = 30_000;

function presentJob(job: NewsJobDoc) {
  return {
    type: 'news_duplication',
    EID: String(job._id),
    status: job.status,
    original: { type: 'news', EID: job.messageEID },
    copy: job.resultEID ? { type: 'news', EID: job.resultEID } : null,
    reason: job.reason ?? null,
    created: toTimestamp(job.created),
    lastModified: toTimestamp(job.lastModified),
  };
}

/** Starts a duplication: the caller must read the news item and may post news where it is. */
export async function requestDuplication(
  { models, rpc }: WriteDeps<NewsStore>,
  caller: Caller,
  messageEID: string,
) {
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID);
  if (message.type !== 'news') throw new DomainError('MESSAGING_ERR_NOT_NEWS');
  const groupEID = message.groupEID ?? null;
  if (groupEID !== null) requireGroupPoster(access, groupEID);
  requireNewsPoster(access, groupEID);
  return presentJob(await createJob(models, caller, 'duplication', messageEID));
}

/** A duplication job, for its requester only (404 for anyone else and across tenants). */
export async function getDuplication(models: NewsStore, caller: Caller, jobEID: string) {
  return presentJob(await requesterJob(models, caller, jobEID, 'duplication'));
}

/** Writes the copy (idempotent: its EID is the job's). Null when the original is gone. */
async function writeCopy(models: NewsStore, job: NewsJobDoc): Promise<MessageDoc | null> {
  const original = await models.Message.findById(job.messageEID).lean<MessageDoc>();
  if (!original || original.networkEID !== job.networkEID || original.type !== 'news') return null;
  try {
    await models.Message.create({
      _id: job._id,
      networkEID: job.networkEID,
      type: 'news',
      authorEID: job.requesterEID,
      htmlBody: original.htmlBody,
      searchTokens: searchTokensOf(original.htmlBody),
      title: original.title ?? null,
      groupEID: original.groupEID ?? null,
      timelineKey: null,
      timelineAt: new Date(),
      status: 'draft',
      originalAuthorEID: original.authorEID,
      duplicateOfEID: String(original._id),
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  return original;
}

/** Runs one claimed job to its end and records the requester's event. */
export async function runDuplication(models: NewsStore, outbox: Outbox, job: NewsJobDoc): Promise<void> {
  const original = await writeCopy(models, job);
  const succeeded = original !== null;
  const ended = await models.NewsJob.findOneAndUpdate(
    { _id: job._id, status: 'pending' },
    {
      $set: succeeded
        ? { status: 'succeeded', resultEID: String(job._id) }
        : { status: 'failed', reason: 'The news item no longer exists.' },
    },
    { returnDocument: 'after' },
  ).lean<NewsJobDoc>();
  if (!ended) return; // another instance ended it
  const about = {
    job: { type: 'news_duplication', EID: String(job._id) },
    original: original ? messageSummary(original) : { type: 'news' as const, EID: job.messageEID },
  } as const;
  await recordJobEnd(
    outbox,
    job,
    succeeded
      ? {
          name: 'messaging.news.duplication_succeeded',
          data: {
            alert: 'DUPLICATION_PROCESS_SUCEEDED',
            ...about,
            copy: { type: 'news', EID: String(job._id) },
          },
        }
      : {
          name: 'messaging.news.duplication_failed',
          data: { alert: 'DUPLICATION_PROCESS_FAILED', ...about, copy: null },
        },
  );
}

/** Pending jobs one tick looks at. */
const JOBS_PER_TICK = 50;

/** One worker tick: runs the pending jobs this instance claims (`job:<EID>`); the number run. */
export async function runPendingJobs(models: NewsStore, outbox: Outbox, rpc: RpcClient): Promise<number> {
  const pending = await models.NewsJob.find({ status: 'pending' }, { csv: 0 })
    .sort({ created: 1, _id: 1 })
    .limit(JOBS_PER_TICK)
    .lean<NewsJobDoc[]>();
  let done = 0;
  for (const job of pending) {
    if (!(await claim(models.Claim, `job:${String(job._id)}`, JOB_LEASE_MS))) continue;
    if (job.kind === 'addressee_export') await runExport(models, outbox, rpc, job);
    else await runDuplication(models, outbox, job);
    done += 1;
  }
  return done;
}

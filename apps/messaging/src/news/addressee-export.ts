/**
 * Exporting a news item's addressees: 202 at once with a job; a worker claims it
 * (scheduling/lease.ts), asks auth for the addressees in pages (`addresseesPage`: network news →
 * the network's active members, group news → the group's active members), stores the CSV on the
 * job and records `events.messaging.news.addressee_export_succeeded` / `_failed` for the alert
 * `NEWS_ADDRESSEE_EXPORT_SUCCESS` / `NEWS_ADDRESSEE_EXPORT_FAILURE` to the requester. The CSV is
 * downloaded by its requester only (others 404).
 */
import {
  DomainError,
  internalSubjects,
  LATEST_VERSION,
  toTimestamp,
  type AddresseesPage,
  type AddresseesPageRequest,
} from '@ncs/contracts';
import type { Outbox, RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { findReadableMessage } from '../messages/reading.js';
import type { WriteDeps } from '../messages/deps.js';
import { csvRow } from './csv.js';
import type { NewsJobDoc } from './jobs-model.js';
import { createJob, recordJobEnd, requesterJob } from './jobs.js';
import type { NewsStore } from './jobs-model.js';

/** Addressees asked of auth per request. */
export const ADDRESSEES_PAGE = 500;

function presentExport(job: NewsJobDoc) {
  const EID = String(job._id);
  return {
    type: 'news_addressee_export',
    EID,
    status: job.status,
    news: { type: 'news', EID: job.messageEID },
    numAddressees: job.status === 'succeeded' ? (job.numRows ?? 0) : null,
    csvFile: job.status === 'succeeded' ? { type: 'csv_file', EID } : null,
    reason: job.reason ?? null,
    created: toTimestamp(job.created),
    lastModified: toTimestamp(job.lastModified),
  };
}

/** Starts an export: the news item's author or a network administrator. */
export async function requestExport(
  { models, rpc }: WriteDeps<NewsStore>,
  caller: Caller,
  messageEID: string,
) {
  const { message, access } = await findReadableMessage(models, rpc, caller, messageEID);
  if (message.type !== 'news') throw new DomainError('MESSAGING_ERR_NOT_NEWS');
  if (message.authorEID !== caller.profileEID && !access.networkAdmin) {
    throw new DomainError('MESSAGING_ERR_EXPORT_FORBIDDEN');
  }
  return presentExport(await createJob(models, caller, 'addressee_export', messageEID));
}

export async function getExport(models: NewsStore, caller: Caller, jobEID: string) {
  return presentExport(await requesterJob(models, caller, jobEID, 'addressee_export'));
}

/** The CSV of a succeeded export (not ready or failed: 404 too, as there is nothing to download). */
export async function downloadExport(models: NewsStore, caller: Caller, jobEID: string) {
  const job = await requesterJob(models, caller, jobEID, 'addressee_export', true);
  if (job.status !== 'succeeded' || job.csv === null || job.csv === undefined) {
    throw new DomainError('MESSAGING_ERR_JOB_NOT_FOUND');
  }
  return { csv: job.csv, filename: `news-${job.messageEID}-addressees.csv` };
}

/** The CSV of the addressees, asked of auth page by page. */
async function addresseesCsv(rpc: RpcClient, job: NewsJobDoc, message: MessageDoc) {
  const ctx = {
    version: LATEST_VERSION,
    requestId: `news-job-${String(job._id)}`,
    networkEID: job.networkEID,
  };
  let csv = csvRow(['EID', 'firstName', 'lastName']);
  let rows = 0;
  let after: string | null = null;
  do {
    const body: AddresseesPageRequest = { groupEID: message.groupEID ?? null, after, limit: ADDRESSEES_PAGE };
    const page: AddresseesPage = await rpc.request(internalSubjects.addresseesPage, {
      ctx,
      body,
    });
    for (const a of page.items) csv += csvRow([a.EID, a.firstName, a.lastName]);
    rows += page.items.length;
    after = page.next;
  } while (after !== null);
  return { csv, rows };
}

/** Runs one claimed export to its end and records the requester's event. */
export async function runExport(models: NewsStore, outbox: Outbox, rpc: RpcClient, job: NewsJobDoc) {
  const message = await models.Message.findById(job.messageEID).lean<MessageDoc>();
  let result: { csv: string; rows: number } | null = null;
  let reason = 'The news item no longer exists.';
  if (message && message.networkEID === job.networkEID) {
    try {
      result = await addresseesCsv(rpc, job, message);
    } catch {
      reason = 'The addressees could not be read.';
    }
  }
  // No projection in findAndModify on FerretDB 1.24: an update, guarded by the job's claim.
  const ended = await models.NewsJob.updateOne(
    { _id: job._id, status: 'pending' },
    {
      $set: result
        ? { status: 'succeeded', csv: result.csv, numRows: result.rows }
        : { status: 'failed', reason },
    },
  );
  if (ended.modifiedCount === 0) return;
  const about = {
    job: { type: 'news_addressee_export', EID: String(job._id) },
    news: { type: 'news', EID: job.messageEID },
  } as const;
  await recordJobEnd(
    outbox,
    job,
    result
      ? {
          name: 'messaging.news.addressee_export_succeeded',
          data: { alert: 'NEWS_ADDRESSEE_EXPORT_SUCCESS', ...about, numAddressees: result.rows },
        }
      : {
          name: 'messaging.news.addressee_export_failed',
          data: { alert: 'NEWS_ADDRESSEE_EXPORT_FAILURE', ...about, numAddressees: null },
        },
  );
}

/**
 * One open live stream: subscribed to its person's notices (core NATS, only while it is
 * open), it reads what changed from notifications (`internalSubjects.streamEvents`: the events after the last
 * one sent, one bounded page at a time, one read in flight), writes them as Server-Sent Events,
 * beats, renews its slot, re-checks the token and ends when the token is revoked, the client
 * leaves, or `closeAfter` passes.
 */
import type { ServerResponse } from 'node:http';
import type { NatsConnection, Subscription } from 'nats';
import {
  internalSubjects,
  liveAlertsSubject,
  type PlainResource,
  type RequestContext,
  type StreamCounters,
} from '@ncs/contracts';
import type { Logger, RpcClient } from '@ncs/service-kit';
import { toHal, type HalContext } from '../hal/links.js';
import { isAfter, sseComment, sseEvent } from './sse.js';
import type { StreamSlot } from './slots.js';

export interface SessionDeps {
  readonly nats: NatsConnection;
  readonly rpc: RpcClient;
  readonly logger: Logger;
  readonly heartbeatMs: number;
  readonly tokenCheckMs: number;
}

export interface SessionStart {
  readonly ctx: RequestContext & { readonly networkEID: string };
  readonly profileEID: string;
  readonly halCtx: HalContext;
  readonly raw: ServerResponse;
  readonly slot: StreamSlot;
  /** Where the client resumes, else the newest event when the stream opened. */
  readonly after: string | null;
  readonly resuming: boolean;
  readonly counters: StreamCounters;
  readonly closeAfterMs: number | undefined;
  /** Resolves false once the token no longer authenticates (revoked, expired). */
  readonly tokenValid: () => Promise<boolean>;
}

/** Starts the session; `end` closes it from the server's side (shutdown). */
export function runSession(deps: SessionDeps, start: SessionStart): { end(reason: string): void } {
  const { raw, ctx } = start;
  let lastSent = start.after;
  let counters = JSON.stringify(start.counters);
  let reading = false;
  let again = false;
  let ended = false;
  /** The first read of a resumed stream: one bounded page of what was missed. */
  let resumeRead = start.resuming;
  const timers: NodeJS.Timeout[] = [];

  const write = (text: string) => {
    if (!ended) raw.write(text);
  };
  const end = (reason: string | null) => {
    if (ended) return;
    if (reason !== null) write(sseEvent('end', { reason }));
    ended = true;
    for (const timer of timers) clearInterval(timer);
    subscription.unsubscribe();
    void start.slot.release();
    raw.end();
  };

  const sendCounters = (next: StreamCounters) => {
    const text = JSON.stringify(next);
    if (text === counters) return;
    counters = text;
    write(sseEvent('counters', next));
  };

  /** Reads and writes what follows `lastSent` until nothing more does; one read at a time. */
  const catchUp = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const page = await deps.rpc.request(internalSubjects.streamEvents, {
          ctx,
          body: { after: lastSent },
        });
        if (ended) return;
        for (const event of page.events) {
          if (!isAfter(event.id, lastSent)) continue;
          const alert = toHal(event.alert as PlainResource, start.halCtx);
          write(sseEvent('alert', { alert, counters: page.counters }, event.id));
          lastSent = event.id;
        }
        counters = page.events.length > 0 ? JSON.stringify(page.counters) : counters;
        sendCounters(page.counters);
        if (lastSent === null) lastSent = page.newestId;
        if (page.more && resumeRead) {
          // More was missed than one resume replays: the client reloads the list, the stream
          // goes on from the newest event.
          write(sseEvent('overflow', { lastEventId: lastSent }));
          lastSent = null;
        }
        resumeRead = false;
        again ||= page.more;
      } while (again);
    } catch (error) {
      deps.logger.warn(
        { err: error, requestId: ctx.requestId },
        'live stream read failed; next notice retries',
      );
    } finally {
      reading = false;
    }
  };

  const subscription: Subscription = deps.nats.subscribe(
    liveAlertsSubject(ctx.networkEID, start.profileEID),
    {
      callback: (error) => {
        if (!error) void catchUp();
      },
    },
  );
  raw.on('close', () => end(null));
  write('retry: 2000\n\n');
  write(sseEvent('counters', start.counters));
  // What was missed (a resume), or written between the open and the subscription.
  void catchUp();

  timers.push(
    setInterval(() => {
      write(sseComment('heartbeat'));
      void start.slot.renew();
    }, deps.heartbeatMs),
    setInterval(() => {
      void start.tokenValid().then(
        (valid) => valid || end('token_revoked'),
        () => undefined, // auth unreachable: checked again next time
      );
    }, deps.tokenCheckMs),
  );
  if (start.closeAfterMs !== undefined) timers.push(setTimeout(() => end('closed'), start.closeAfterMs));
  return { end };
}

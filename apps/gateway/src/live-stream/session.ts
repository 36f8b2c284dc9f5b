/**
 * One open live stream. It receives the events of its network's log from the router (log.ts,
 * router.ts), keeps those its person may see (visibility.ts) in log order, and writes them as
 * Server-Sent Events whose id is the event's place in the log. A stream that resumes first replays
 * the log after its `Last-Event-ID`, holding what arrives live meanwhile, then goes on live
 * without a gap or a repeat. It beats, renews its slot, re-checks the token and ends when the
 * token is revoked, the client leaves, or `closeAfter` passes.
 */
import type { ServerResponse } from 'node:http';
import {
  internalSubjects,
  leftData,
  liveData,
  liveEventOf,
  type DomainEvent,
  type LiveEventDefinition,
  type PlainResource,
  type RequestContext,
  type StreamCounters,
} from '@ncs/contracts';
import { liveDeliveryDuration, type Logger, type RpcClient } from '@ncs/service-kit';
import { toHal, type HalContext } from '../hal/links.js';
import type { EventLogReader, LogEvent } from './log.js';
import type { RoutedStream } from './router.js';
import { sseComment, sseEvent, sseEventJson, type ResumePoint } from './sse.js';
import type { StreamSlot } from './slots.js';
import { maySee, standingChangeOf, type Standing } from './visibility.js';

export interface SessionDeps {
  readonly rpc: RpcClient;
  readonly logger: Logger;
  readonly log: EventLogReader;
  readonly heartbeatMs: number;
  readonly tokenCheckMs: number;
  /** Most events a resume replays; further behind, the client is told to refetch. */
  readonly replayMax: number;
  /** The gateway's texts of the event being fanned out (`renderCache`). */
  readonly rendered: ReturnType<typeof renderCache>;
  /** The person's standing, read again when an event changes it. */
  readonly standingOf: (ctx: RequestContext, profileEID: string) => Promise<Standing>;
}

export interface SessionStart {
  readonly ctx: RequestContext & { readonly networkEID: string };
  readonly profileEID: string;
  readonly halCtx: HalContext;
  readonly raw: ServerResponse;
  readonly slot: StreamSlot;
  readonly standing: Standing;
  /** Where the client resumes; null: from now. */
  readonly resumeFrom: ResumePoint | null;
  readonly counters: StreamCounters;
  readonly closeAfterMs: number | undefined;
  /** Resolves false once the token no longer authenticates (revoked, expired). */
  readonly tokenValid: () => Promise<boolean>;
}

export interface LiveSession extends RoutedStream {
  /** Ends it from the server's side (shutdown). */
  end(reason: string): void;
  /** Resolves when it has ended. */
  readonly ended: Promise<void>;
}

/** Why a resume could not replay: the `reset` event's reason. */
export type ResetReason = 'expired' | 'unknown_id' | 'too_far_behind';

/** A reference inside an event's data: `{ type, EID }` (a message summary, a group, a person). */
function isRef(value: unknown): value is PlainResource & { EID: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof (value as { EID?: unknown }).EID === 'string'
  );
}

/**
 * The payload of a content event: its type, time and actor, and its data with each top-level
 * reference given the link that fetches it (`_links.self`), in the stream's API version.
 */
export function livePayload(
  event: DomainEvent,
  definition: LiveEventDefinition,
  halCtx: HalContext,
): Record<string, unknown> {
  const data = Object.fromEntries(
    Object.entries(liveData(definition, event.data)).map(([key, value]) => {
      if (!isRef(value)) return [key, value];
      const self = (toHal(value, halCtx)._links as Record<string, unknown> | undefined)?.self;
      return [key, self === undefined ? value : { ...value, _links: { self } }];
    }),
  );
  return {
    type: event.type,
    occurredAt: event.occurredAt,
    ...(event.actor === undefined ? {} : { actor: event.actor }),
    data,
  };
}

/**
 * The SSE text of the event being fanned out, by what decides it (seen or left, the version, the
 * base URL): a network post to a thousand streams is rendered once, not a thousand times. One per
 * gateway (sequences are its log's); only the latest event's texts are kept, and a stream replaying
 * older ones renders its own.
 */
export function renderCache(): (seq: number, key: string, render: () => string) => string {
  let latest = -1;
  const texts = new Map<string, string>();
  return (seq, key, render) => {
    if (seq !== latest) {
      latest = seq;
      texts.clear();
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = render();
      texts.set(key, text);
    }
    return text;
  };
}

/** Starts the session and registers it with `router`; `end` closes it from the server's side. */
export function runSession(
  deps: SessionDeps,
  start: SessionStart,
  router: { add(session: LiveSession): void; remove(session: LiveSession): void },
): LiveSession {
  const { raw, ctx, profileEID } = start;
  let standing = start.standing;
  let counters = JSON.stringify(start.counters);
  /** The log position of the last event handled (sent or not for this person). */
  let position = 0;
  let replaying = start.resumeFrom?.kind === 'seq';
  /** The last event a resume replayed (0: none). */
  let replayedUpTo = 0;
  /** Events waiting in log order; while replaying, what arrives live waits in `held`. */
  const queue: LogEvent[] = [];
  const held: LogEvent[] = [];
  let draining = false;
  let ended = false;
  let markEnded: () => void = () => undefined;
  const endedPromise = new Promise<void>((resolve) => (markEnded = resolve));
  const timers: NodeJS.Timeout[] = [];

  const write = (text: string) => {
    if (!ended) raw.write(text);
  };
  const end = (reason: string | null) => {
    if (ended) return;
    if (reason !== null) write(sseEvent('end', { reason }));
    ended = true;
    for (const timer of timers) clearInterval(timer);
    router.remove(session);
    raw.end();
    // Ended once the slot is free: what counts the person's streams then counts without it.
    void start.slot.release().finally(markEnded);
  };

  const writeCounters = (next: StreamCounters, id: number) => {
    counters = JSON.stringify(next);
    write(sseEvent('counters', next, String(id)));
  };

  /** One event of the log, in order: written when its person may see it. */
  const handle = async ({ seq, event }: LogEvent): Promise<void> => {
    const definition = liveEventOf(event.type);
    if (definition === undefined) return;
    const about = standingChangeOf(event);
    // An event about this person's membership reaches them (they are named in it) whatever it
    // was addressed to; what they may see changes after it.
    const sees = about === profileEID || maySee(event.audience, standing);
    const former = sees ? undefined : definition.formerAudience?.(event.data);
    if (!sees && !(former !== undefined && maySee(former, standing))) return;
    if (definition.event === 'alert') {
      const { alertEID } = event.data as { alertEID?: string };
      if (alertEID === undefined) return;
      const read = await deps.rpc.request(internalSubjects.streamAlerts, {
        ctx,
        body: { alertEIDs: [alertEID] },
      });
      const [found] = read.alerts;
      // Read since (marked read and gone, or removed): nothing to show but the counters.
      if (found === undefined) {
        if (JSON.stringify(read.counters) !== counters) writeCounters(read.counters, seq);
        return;
      }
      counters = JSON.stringify(read.counters);
      const alert = toHal(found.alert as PlainResource, start.halCtx);
      write(sseEvent('alert', { alert, counters: read.counters }, String(seq)));
      return;
    }
    if (definition.event === 'counters') {
      const read = await deps.rpc.request(internalSubjects.streamAlerts, { ctx, body: { alertEIDs: [] } });
      writeCounters(read.counters, seq);
      return;
    }
    // Those who saw it before learn only that it left: never its text or where it went. The text
    // is the same for every stream of one version that sees the event alike: rendered once.
    const { baseUrl, version } = start.halCtx;
    write(
      deps.rendered(seq, `${sees ? 'sees' : 'left'}|${version}|${baseUrl}`, () =>
        sseEvent(
          definition.event,
          sees
            ? livePayload(event, definition, start.halCtx)
            : livePayload(
                { ...event, data: leftData(event.data) },
                { ...definition, omit: [] },
                start.halCtx,
              ),
          String(seq),
        ),
      ),
    );
    // A replayed event is late by design: only what arrives live says how fast delivery is.
    if (seq > replayedUpTo) liveDeliveryDuration.observe((Date.now() - Date.parse(event.occurredAt)) / 1000);
    if (about === profileEID) standing = await deps.standingOf(ctx, profileEID);
  };

  const drain = async (): Promise<void> => {
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next !== undefined && !ended; next = queue.shift()) {
        if (next.seq <= position) continue; // replayed already
        try {
          await handle(next);
        } catch (error) {
          deps.logger.warn(
            { err: error, requestId: ctx.requestId, seq: next.seq, type: next.event.type },
            'live stream could not deliver an event; the client sees it when it refetches',
          );
        }
        position = next.seq;
      }
    } finally {
      draining = false;
    }
  };

  const session: LiveSession = {
    networkEID: ctx.networkEID,
    profileEID,
    offer(logEvent) {
      if (ended) return;
      if (replaying) {
        held.push(logEvent);
        return;
      }
      queue.push(logEvent);
      void drain();
    },
    offerEphemeral(event) {
      if (ended) return;
      // Nobody is shown their own typing.
      if (event.type === 'typing' && event.data.user.EID === profileEID) return;
      if (!maySee(event.audience, standing)) return;
      // No id: an ephemeral event never moves the client's resume point.
      write(sseEvent(event.type, { type: event.type, data: event.data }));
    },
    offerPresence(batch) {
      if (ended) return;
      // Their own presence reaches their other devices even when hidden from the network.
      const personal = batch.personal.filter((change) => maySee(change.audience, standing));
      if (personal.length === 0) {
        if (batch.everyoneJson !== null) write(sseEventJson('presence', batch.everyoneJson));
        return;
      }
      const changes = [...batch.forEveryone, ...personal.map((change) => change.data)];
      write(sseEvent('presence', { type: 'presence', changes }));
    },
    end: (reason) => end(reason),
    ended: endedPromise,
  };

  const resume = async (after: number): Promise<void> => {
    try {
      const found = await deps.log.replay(ctx.networkEID, after, deps.replayMax, (logEvent) => {
        queue.push(logEvent);
        replayedUpTo = logEvent.seq;
        return !ended;
      });
      if (found.kind !== 'ok') write(sseEvent('reset', { reason: resetReasonOf(found.kind) }));
      else position = after;
    } catch (error) {
      deps.logger.warn({ err: error, requestId: ctx.requestId }, 'live stream replay failed');
      write(sseEvent('reset', { reason: 'unavailable' }));
      queue.length = 0;
    }
    replaying = false;
    queue.push(...held);
    held.length = 0;
    await drain();
  };

  raw.on('close', () => end(null));
  write('retry: 2000\n\n');
  write(sseEvent('counters', start.counters));
  router.add(session);
  if (start.resumeFrom?.kind === 'seq') void resume(start.resumeFrom.seq);
  else if (start.resumeFrom?.kind === 'unknown') write(sseEvent('reset', { reason: 'unknown_id' }));

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
  return session;
}

function resetReasonOf(kind: 'expired' | 'unknown' | 'too_far_behind'): ResetReason {
  return kind === 'unknown' ? 'unknown_id' : kind;
}
